import Foundation

/// What a learner did in one chapter, counted modestly: how often they ran the runner on it, when
/// it was first done, when they last worked on it, and how many hints they asked for. Nothing
/// else is watched: no time on task, no keystrokes, no code.
public struct ChapterActivity: Codable, Sendable, Equatable {
    /// Progress runs that counted for the chapter: those that had it as the chapter to work on
    /// ("Next:"), named it (`./Scripts/progress N`), or found its result changed.
    public var runs: Int
    /// The first progress run that found the chapter done.
    public var firstDone: Date?
    /// The last run that counted for the chapter, or the last hint shown for it.
    public var lastActivity: Date?
    /// How many times `./Scripts/progress --hint` showed the chapter's hints.
    public var hintsShown: Int

    public init(runs: Int = 0, firstDone: Date? = nil, lastActivity: Date? = nil, hintsShown: Int = 0) {
        self.runs = runs
        self.firstDone = firstDone
        self.lastActivity = lastActivity
        self.hintsShown = hintsShown
    }
}
