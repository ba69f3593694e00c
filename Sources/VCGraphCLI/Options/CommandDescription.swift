import ArgumentParser
import Foundation

/// A command as swift-argument-parser describes it (`--experimental-dump-help`, the
/// `ToolInfoV0` JSON its manual and documentation generators read): its name, help and
/// arguments, and its subcommands. The configuration file uses it to know which options a
/// command takes; the manual page and `CommandLine.md`'s tables are generated from it.
struct CommandDescription: Decodable, Sendable {
  var commandName: String
  var abstract: String?
  var discussion: String?
  var shouldDisplay: Bool?
  var arguments: [Argument]?
  var subcommands: [CommandDescription]?

  /// One positional argument, option or flag.
  struct Argument: Decodable, Sendable {
    struct Name: Decodable, Sendable {
      var kind: String
      var name: String
    }
    /// `positional`, `option` or `flag`.
    var kind: String
    var shouldDisplay: Bool
    var sectionTitle: String?
    var isOptional: Bool
    var isRepeating: Bool
    var names: [Name]?
    var valueName: String?
    var defaultValue: String?
    var allValues: [String]?
    var abstract: String?
    var discussion: String?

    /// `--name` for each long name.
    var longNames: [String] {
      (names ?? []).filter { $0.kind == "long" }.map { "--\($0.name)" }
    }
    /// `-x` for each short name.
    var shortNames: [String] {
      (names ?? []).filter { $0.kind == "short" }.map { "-\($0.name)" }
    }
  }

  private struct Dump: Decodable {
    var command: CommandDescription
  }

  private static let lock = NSLock()
  nonisolated(unsafe) private static var described: [ObjectIdentifier: CommandDescription] = [:]

  /// The description argument-parser gives of `type` (and its subcommands), made once per
  /// process (argument-parser encodes it as JSON, decoded here: a few tens of millions of
  /// instructions).
  static func of(_ type: any ParsableCommand.Type) -> CommandDescription {
    if let known = lock.withLock({ described[ObjectIdentifier(type)] }) { return known }
    let description = make(type)
    lock.withLock { described[ObjectIdentifier(type)] = description }
    return description
  }

  private static func make(_ type: any ParsableCommand.Type) -> CommandDescription {
    let json: String
    do {
      _ = try type.parseAsRoot(["--experimental-dump-help"])
      json = ""
    } catch {
      json = type.fullMessage(for: error)
    }
    do {
      return try JSONDecoder().decode(Dump.self, from: Data(json.utf8)).command
    } catch {
      // The dump is argument-parser's own output for a command it just built.
      preconditionFailure("argument-parser's description of \(type) does not decode: \(error)")
    }
  }
}
