/// Waits until `patience` has passed with no change in `arrivals`, or until `enough` holds.
/// Returns whether it ended because `enough` held; a cancelled wait returns `false` at once.
///
/// Patience is counted in ten ticks with no new arrival between them, not read off the clock
/// once. On a busy machine the test process can stall for a while; when it runs again, the timer
/// and the tasks that were on their way all wake together, and a clock alone would say patience
/// had run out before those tasks were counted. A tick that comes late is one quiet tick, not
/// ten, so the meetings built on this wait for everyone who keeps coming, however slowly, and
/// give up only on someone who is not coming at all.
@discardableResult
public func waitForQuiet(
    _ patience: Duration,
    isolation: isolated (any Actor)? = #isolation,
    arrivals: () -> Int,
    orUntil enough: () -> Bool = { false }
) async -> Bool {
    let tick = patience / 10
    var quietTicks = 0
    var arrivalsSeen = arrivals()
    while !enough() {
        guard quietTicks < 10 else { return false }
        guard (try? await Task.sleep(for: tick)) != nil else { return false }
        let now = arrivals()
        if now == arrivalsSeen {
            quietTicks += 1
        } else {
            (quietTicks, arrivalsSeen) = (0, now)
        }
    }
    return true
}
