import Testing

@Suite("Posting to the one board", .serialized)
struct PostingToTheBoard {
    // Every test that posts to `MessageBoard.shared` is nested in this suite (in the numbered
    // files), and `.serialized` runs them one at a time. A board that still loses concurrent posts
    // (Step 4 not done) would otherwise make the screens' tests of Step 3 fail now and then, with a
    // message about the wrong step. The tests of Step 4 make all the concurrency they need
    // themselves.
}
