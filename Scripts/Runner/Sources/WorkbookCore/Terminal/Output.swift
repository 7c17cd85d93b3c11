import Foundation

/// Writes a line to standard error.
package func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

/// Writes to standard output at once, unbuffered: a prompt shows before the answer is read, and
/// a log shows each line as it happens.
package func printNow(_ text: String, terminator: String = "\n") {
    FileHandle.standardOutput.write(Data((text + terminator).utf8))
}
