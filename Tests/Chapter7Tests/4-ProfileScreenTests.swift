import Chapter7
import Foundation
import Testing
import WorkbookSupport

@Suite("The profile screen gets everything through Current")
@MainActor
struct ProfileScreenTests {
    @Test("The profile screen loads its user through Current")
    func loadsItsUserThroughCurrent() async {
        guard await overridesStayInTheirTask() else { return }
        // This user is in no database: the screen can only have it from Current.
        let user = User.unique("Grace")

        await withEnvironment {
            $0.getUserForId = { id in id == user.id ? user : nil }
        } operation: {
            let screen = ProfileScreen()
            screen.load(userID: user.id)

            #expect(
                screen.title == user.name,
                """
                The screen does not show the user that Current.getUserForId hands out. It still asks \
                DatabaseManager.shared itself, so a test cannot give it a user.
                """)
        }

        // A screen made before the override, as an app makes its screens early, loads through the
        // environment in force when it loads.
        let madeEarlier = ProfileScreen()
        await withEnvironment {
            $0.getUserForId = { id in id == user.id ? user : nil }
        } operation: {
            madeEarlier.load(userID: user.id)
        }
        #expect(
            madeEarlier.title == user.name,
            """
            A screen made before an override, then loaded inside it, does not show the override's user: \
            the screen read `Current` when it was made and kept that copy. Read `Current` when the work \
            happens (in `load`), so that the environment in force then is the one used.
            """)

        // One screen loaded in one override, then in another: each load reads the environment in force.
        let other = User.unique("Ada")
        let loadedTwice = ProfileScreen()
        await withEnvironment {
            $0.getUserForId = { _ in user }
        } operation: {
            loadedTwice.load(userID: user.id)
        }
        await withEnvironment {
            $0.getUserForId = { _ in other }
        } operation: {
            loadedTwice.load(userID: other.id)
        }
        #expect(
            loadedTwice.title == other.name,
            """
            A screen loaded inside one override, then inside another, showed the first override's user the \
            second time: it kept the environment of its first load (a `lazy` copy, say). Read `Current` \
            each time the screen loads.
            """)

        // And the other way round: made inside an override, loaded once it has ended.
        let madeInside = await withEnvironment {
            $0.getUserForId = { id in id == user.id ? user : nil }
        } operation: {
            ProfileScreen()
        }
        madeInside.load(userID: user.id)
        #expect(
            madeInside.title != user.name,
            """
            A screen made inside an override, then loaded after the override had ended, still shows the \
            override's user: the screen kept the environment it was made in. This chapter's `Current` is \
            read when the work happens: outside every override, the screen loads from the live \
            environment (where nobody has this user).
            """)
    }

    @Test(
        "Whatever it showed before, each load shows the user Current has for that id, online only within five minutes")
    func everyLoadShowsWhatCurrentSays() async {
        guard await overridesStayInTheirTask() else { return }
        await expectRule(
            "each load shows the name of the user Current.getUserForId gives for that id, online if their last "
                + "activity was less than five minutes before Current.now(), and otherwise away; for an id with no "
                + "user, \"Unknown user\", away; whatever the screen showed before, and in whichever override "
                + "the load runs",
            boundaries: ProfileLoads.boundaries,
            generated: 30,
            generate: ProfileLoads.init(using:),
            shrink: { $0.smaller },
            tell: { $0.told },
            check: { loads in
                await loads.firstDifference()
            }
        )
    }

    @Test("Overriding one closure changes only that behaviour")
    func oneClosureAtATime() async {
        guard await overridesStayInTheirTask() else { return }
        let user = User.unique("Linus", lastActive: Date(timeIntervalSince1970: 1_600_000_000))
        let aMinuteLater = user.lastActive.addingTimeInterval(60)
        let twoHoursLater = user.lastActive.addingTimeInterval(2 * 60 * 60)

        await withEnvironment {
            $0.getUserForId = { id in id == user.id ? user : nil }
            $0.now = { aMinuteLater }
        } operation: {
            let screen = ProfileScreen()
            screen.load(userID: user.id)
            guard screen.title == user.name else {
                Issue.record(
                    """
                    The screen does not show the user that Current.getUserForId hands out. It still asks \
                    DatabaseManager.shared itself, so a test cannot give it a user.
                    """)
                return
            }
            guard screen.isOnline else {
                Issue.record(
                    """
                    Current says it is a minute after the user's last activity, yet the screen shows them \
                    away. The screen must tell the time with Current.now(), not with Date().
                    """)
                return
            }

            // Only the clock changes now; the user must still come from the override above.
            await withEnvironment {
                $0.now = { twoHoursLater }
            } operation: {
                let later = ProfileScreen()
                later.load(userID: user.id)
                #expect(
                    later.title == user.name,
                    """
                    A nested withEnvironment replaced only the clock, yet the screen no longer shows the user \
                    the outer override set up: the inner scope started from `.live` instead of the \
                    environment in force. withEnvironment must start from `Current`, so that every closure \
                    it does not change stays as it was.
                    """)
                #expect(
                    !later.isOnline,
                    "Current says it is two hours after the user's last activity, yet the screen shows them online.")
            }
        }
    }

    @Test(
        "Online means active during the last five minutes, by Current's clock",
        arguments: [(59, true), (4 * 60 + 59, true), (5 * 60 + 1, false), (2 * 60 * 60, false)]
            as [(TimeInterval, Bool)])
    func onlineForFiveMinutes(secondsSinceLastActive: TimeInterval, isOnline: Bool) async {
        guard await overridesStayInTheirTask() else { return }
        let user = User.unique("Katherine", lastActive: Date(timeIntervalSince1970: 1_650_000_000))
        let now = user.lastActive.addingTimeInterval(secondsSinceLastActive)

        await withEnvironment {
            $0.getUserForId = { id in id == user.id ? user : nil }
            $0.now = { now }
        } operation: {
            let screen = ProfileScreen()
            screen.load(userID: user.id)
            #expect(
                screen.title == user.name && screen.isOnline == isOnline,
                """
                Current hands out \(user.name), last active \(Int(secondsSinceLastActive)) seconds before \
                Current's clock, so the screen should show them \(isOnline ? "online" : "away"); it shows \
                "\(screen.title)", \(screen.isOnline ? "online" : "away"). The user and the time both \
                come from Current (not from DatabaseManager.shared, not from Date()).
                """)

            let nobody = ProfileScreen()
            nobody.load(userID: -user.id)
            #expect(!nobody.isOnline, "A user Current does not know is shown online.")
        }
    }
}

/// Two overrides, each with a few users and the same clock, and the ids one screen loads one after
/// the other, each load inside one of the overrides.
struct ProfileLoads: Sendable {
    /// For each override: how long before `now` each known user was last active, in seconds, by id
    /// 1…3; `nil`: no such user. The two overrides name their users apart.
    var lastActive: [[Int64: Double]]
    /// The id each load asks for, and the override it runs in.
    var loads: [(id: Int64, override: Int)]

    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let overrideNames = ["A", "B"]

    /// Always checked: an unknown id after an online user; exactly five minutes; just under; the
    /// same id in two overrides that know it differently, or not at all.
    static let boundaries: [ProfileLoads] = [
        ProfileLoads(lastActive: [[1: 60], [:]], loads: [(1, 0), (2, 0)]),
        ProfileLoads(lastActive: [[1: 300, 2: 299], [:]], loads: [(1, 0), (2, 0)]),
        ProfileLoads(lastActive: [[1: 7200, 2: 0], [:]], loads: [(2, 0), (1, 0), (3, 0)]),
        ProfileLoads(lastActive: [[1: 60], [1: 7200]], loads: [(1, 0), (1, 1)]),
        ProfileLoads(lastActive: [[1: 60], [:]], loads: [(1, 0), (1, 1), (1, 0)]),
    ]

    init(lastActive: [[Int64: Double]], loads: [(id: Int64, override: Int)]) {
        self.lastActive = lastActive
        self.loads = loads
    }

    init(using random: inout SeededRandom) {
        lastActive = (0..<2).map { _ in
            var users: [Int64: Double] = [:]
            for id in Int64(1)...3 where random.chance(0.7) {
                users[id] = random.pick([0, 1, 60, 299, 299.5, 300, 300.5, 301, 7200])
            }
            return users
        }
        loads = (0..<random.intNearEdges(in: 1...6)).map { _ in
            (Int64(random.int(in: 1...4)), random.chance(0.7) ? 0 : 1)
        }
    }

    func user(_ id: Int64, in override: Int, run: String) -> User? {
        lastActive[override][id].map {
            User(
                id: id, name: "User \(id) of \(Self.overrideNames[override]) \(run)",
                lastActive: Self.now.addingTimeInterval(-$0))
        }
    }

    @MainActor
    func firstDifference() async -> String? {
        let run = UUID().uuidString
        // Made before any override: it reads `Current` when it loads.
        let screen = ProfileScreen()
        for (step, load) in zip(1..., loads) {
            let expected = user(load.id, in: load.override, run: run)
            let answer = expected
            let difference = await withEnvironment {
                $0.getUserForId = { id in id == load.id ? answer : nil }
                $0.now = { Self.now }
            } operation: { () -> String? in
                screen.load(userID: load.id)
                let title = expected?.name ?? "Unknown user"
                let online = expected.map { Self.now.timeIntervalSince($0.lastActive) < 5 * 60 } ?? false
                guard screen.title != title || screen.isOnline != online else { return nil }
                let shown =
                    "\"\(screen.title.replacingOccurrences(of: " \(run)", with: ""))\", \(screen.isOnline ? "online" : "away")"
                let wanted =
                    "\"\(title.replacingOccurrences(of: " \(run)", with: ""))\", \(online ? "online" : "away")"
                return "after load \(step) (id \(load.id), in override \(Self.overrideNames[load.override])), the "
                    + "screen shows \(shown) instead of \(wanted)."
            }
            if let difference { return difference }
        }
        return nil
    }

    var smaller: [ProfileLoads] {
        Shrink.sequence(loads, simplifyingStep: { $0.override == 1 ? [($0.id, 0)] : [] }).map {
            ProfileLoads(lastActive: lastActive, loads: $0)
        }
    }

    var told: String {
        let knowledge = lastActive.indices.map { override in
            let users = lastActive[override]
            let known = users.keys.sorted().map { id in
                "user \(id) of \(Self.overrideNames[override]) was last active \(users[id] ?? 0) s before the clock's now"
            }
            let unknown = (Int64(1)...4).filter { users[$0] == nil }.map(String.init)
            return
                "Override \(Self.overrideNames[override]) knows: \(known.isEmpty ? "nobody" : known.joined(separator: "; ")); "
                + "no user has id \(unknown.joined(separator: ", ")) there."
        }
        let used = Set(loads.map(\.override))
        return knowledge.enumerated().filter { used.contains($0.offset) }.map(\.element).joined(separator: "\n") + "\n"
            + numberedSteps(
                loads.map {
                    "The same screen, made before any override, loads id \($0.id) inside override \(Self.overrideNames[$0.override])."
                })
    }
}
