import CGraphviz

// MARK: - Messages

/// Graphviz's messages, reassembled from the pieces `agerr` hands the user callback
/// ("Warning", ": ", text). Only used with the runtime lock held.
final class MessageLog: @unchecked Sendable {
  enum Level { case warning, error }

  struct Message {
    var level: Level
    var text: String
  }

  private var pending = ""
  private var messages: [Message] = []

  func append(_ piece: String) {
    // A new message starts with its level; finish an unterminated previous one.
    if piece == "Error" || piece == "Warning", !pending.isEmpty,
      pending != "Error: ", pending != "Warning: "
    {
      flush()
    }
    pending += piece
    while let newline = pending.firstIndex(of: "\n") {
      let line = String(pending[..<newline])
      pending.removeSubrange(...newline)
      commit(line)
    }
  }

  func flush() {
    guard !pending.isEmpty else { return }
    let line = pending
    pending = ""
    commit(line)
  }

  func take() -> [Message] {
    defer { messages.removeAll() }
    return messages
  }

  func reset() {
    pending = ""
    messages.removeAll()
  }

  private func commit(_ line: String) {
    if line.hasPrefix("Error: ") {
      messages.append(Message(level: .error, text: String(line.dropFirst(7))))
    } else if line.hasPrefix("Warning: ") {
      messages.append(Message(level: .warning, text: String(line.dropFirst(9))))
    } else if !line.trimmingCharacters(in: .whitespaces).isEmpty {
      // A continuation line (e.g. "in label of node x") belongs to the message before it.
      if messages.isEmpty {
        messages.append(Message(level: .warning, text: line))
      } else {
        messages[messages.count - 1].text += "\n" + line
      }
    }
  }
}

func collectMessage(_ piece: UnsafeMutablePointer<CChar>?) -> Int32 {
  if let piece { GraphvizRuntime.shared.log.append(String(cString: piece)) }
  return 0
}
