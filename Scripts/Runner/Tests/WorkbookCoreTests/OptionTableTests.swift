import Testing

@testable import WorkbookCore

@Suite("The option table: one place a command's options are parsed, described and checked")
struct OptionTableTests {
    struct Picked {
        var chapter: Int?
        var loud = false
        var hint: [Int] = []
        var file: String?
    }

    var table: OptionTable<Picked> {
        typealias Option = OptionTable<Picked>.Option
        return OptionTable(
            [
                Option("--loud", "-l", help: ["say it louder"]) { picked, _ in picked.loud = true },
                Option("--hint", value: "N [S]", numbersAfter: 1, help: ["a hint", "on two lines"]) {
                    $0.hint = ($1 ?? "").split(separator: " ").compactMap { Int($0) }
                },
                Option("--file", value: "FILE", valueInWords: "a file name, such as --file a.json", help: ["a file"]) {
                    $0.file = $1
                },
            ],
            positional: .init("N", help: ["a chapter"]) { picked, argument in
                guard let number = Int(argument) else { throw OptionError("unknown argument: \(argument)") }
                picked.chapter = number
            },
            rules: [.init("--file goes without --loud") { $0.file == nil || !$0.loud }])
    }

    func parse(_ arguments: [String]) throws -> Picked {
        var picked = Picked()
        try table.parse(arguments, into: &picked)
        return picked
    }

    @Test("Flags, values, numbers that follow a value, and the positional argument are read in any order")
    func parses() throws {
        let picked = try parse(["-l", "--hint", "5", "7", "3"])
        #expect(picked.loud && picked.hint == [5, 7] && picked.chapter == 3)
        #expect(try parse(["--hint", "2", "--loud"]).hint == [2])
        #expect(try parse(["--file", "a.json"]).file == "a.json")
    }

    @Test("An unknown argument, a missing value and a broken rule are refused in words")
    func refuses() {
        #expect(throws: OptionError("unknown argument: --quiet")) { try parse(["--quiet"]) }
        #expect(throws: OptionError("--file takes a file name, such as --file a.json")) { try parse(["--file"]) }
        #expect(throws: OptionError("--hint takes N [S]")) { try parse(["--hint", "--loud"]) }
        #expect(throws: OptionError("--file goes without --loud")) { try parse(["--file", "x", "--loud"]) }
        #expect(throws: OptionError("unknown argument: x")) { try parse(["x"]) }
    }

    @Test("The usage lists every option from the table, short spellings too, help aligned or below a long name")
    func usage() {
        #expect(
            table.usage(width: 11) == """
                  N           a chapter
                  --loud, -l  say it louder
                  --hint N [S]
                              a hint
                              on two lines
                  --file FILE
                              a file
                """)
    }
}
