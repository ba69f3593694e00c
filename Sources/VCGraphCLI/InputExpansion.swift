// Finding the input files of a command line: files as given, and the inputs inside directories
// given as inputs. Reads directories with opendir/readdir, so names that are not UTF-8 and
// entries that are not regular files are seen for what they are.

import Foundation
import VCGraphCore

/// One input file of a run.
struct InputFile: Equatable, Sendable {
  /// The path as given, or the directory given joined with the path inside it.
  var path: String
  /// For a file found inside a directory given as input, its path inside that directory
  /// (`other/mail.yaml`): `render` writes its outputs at the same place under `-o`.
  var relative: String?
}

/// `--include GLOB` and `--exclude GLOB`: which files inside directories given as inputs are
/// inputs besides (or instead of) the recognised ones.
struct InputSelection: Sendable, Equatable {
  var include: [String] = []
  var exclude: [String] = []
  /// `--force-exclude`: the configuration files' `excluded` and `included` apply to files
  /// named on the command line too (as SwiftLint's option of that name), so a hook or CI job
  /// can pass every changed file.
  var forceExclude = false

  /// Whether `relative` (a path inside a directory given as input) matches one of `globs`: a
  /// glob with a `/` matches the whole relative path, one without matches the file name.
  static func matches(_ relative: String, _ globs: [String]) -> Bool {
    let name = (relative as NSString).lastPathComponent
    return globs.contains { glob in
      glob.contains("/")
        ? fnmatch(glob, relative, FNM_PATHNAME) == 0 : fnmatch(glob, name, 0) == 0
    }
  }
}

/// The inputs a command line names, and what could not be taken.
struct InputExpansion {
  var files: [InputFile] = []
  /// Inputs that cannot be read (exit 66), each to be reported; the others still run.
  var problems: [VCGraphError] = []
  /// Files inside directories that have an input extension but are not inputs
  /// (`notes.txt`, `ci.yml`), by directory given.
  var skipped: [(directory: String, names: [String])] = []
}

extension InputLoader {
  /// Expands the command line's inputs: a file as given; a directory into every regular file
  /// inside it, recursively and sorted by path, that is a recognised input (its extension
  /// names a format and its content is of that format: a `.txt` that reads as a dump, a
  /// `.yaml` with a `window`, `windows`, `scenes` or `detached` key) or matches `--include`,
  /// and does not match `--exclude` or the configuration file's `excluded`. Pipes, sockets and
  /// devices inside directories are skipped; an unreadable subdirectory, a name that is not UTF-8
  /// and a name holding a control character are problems (exit 66) reported beside the inputs that
  /// remain.
  func expand(_ arguments: [String], selection: InputSelection) -> InputExpansion {
    var expansion = InputExpansion()
    var forcedOut = 0
    for argument in arguments {
      if argument == "-" {
        expansion.files.append(InputFile(path: argument))
        continue
      }
      if let refused = ControlCharacters.firstRefused(in: argument) {
        expansion.problems.append(Self.badName(argument, refused.scalar))
        continue
      }
      var info = stat()
      guard stat(argument, &info) == 0 else {
        let code = errno
        let reason =
          code == ENOENT || code == ENOTDIR
          ? "no such file or directory" : "cannot be read (\(String(cString: strerror(code))))"
        // The command line reaches Swift as UTF-8 with undecodable bytes made U+FFFD.
        let hint =
          argument.unicodeScalars.contains("\u{FFFD}")
          ? "a file name that is not valid UTF-8 cannot be opened by vcgraph; rename the file"
          : nil
        expansion.problems.append(VCGraphError(.noInput, "\(argument): \(reason)", hint: hint))
        continue
      }
      guard info.st_mode & S_IFMT == S_IFDIR else {
        if selection.forceExclude && isExcluded(argument) {
          forcedOut += 1
        } else {
          expansion.files.append(InputFile(path: argument))
        }
        continue
      }
      if !searchFolders.contains(argument) { searchFolders.append(argument) }
      var found: [InputFile] = []
      var skipped: [String] = []
      var excluded = 0
      walk(
        argument, relative: "", selection: selection, into: &found, skipped: &skipped,
        excluded: &excluded, problems: &expansion.problems)
      if found.isEmpty && excluded > 0 {
        expansion.problems.append(
          VCGraphError(
            .noInput,
            "\(argument): every input file in the directory is excluded by"
              + " \(configuration?.path ?? ConfigurationFile.fileName)"))
      } else if found.isEmpty && skipped.isEmpty {
        let names = InputFormats.extensions.map { ".\($0)" }
        let list = names.dropLast().joined(separator: ", ") + " or " + names.last!
        expansion.problems.append(
          VCGraphError(.noInput, "\(argument): the directory holds no \(list) file"))
      } else if found.isEmpty {
        expansion.problems.append(
          VCGraphError(
            .noInput,
            "\(argument): the directory holds no description or dump (\(skipped.count) other"
              + " file\(skipped.count == 1 ? "" : "s"))",
            hint: "name files with --include GLOB to read them anyway"))
      } else if !skipped.isEmpty {
        expansion.skipped.append((argument, skipped.sorted()))
      }
      expansion.files += found.sorted { ($0.relative ?? "") < ($1.relative ?? "") }
    }
    if forcedOut > 0 && expansion.files.isEmpty && expansion.problems.isEmpty {
      expansion.problems.append(
        VCGraphError(
          .noInput,
          "every input is excluded by \(configuration?.path ?? ConfigurationFile.fileName)"
            + " (--force-exclude)"))
    }
    // Storyboard references are looked for in the input directories, then in the folder of
    // every input file.
    for file in expansion.files where file.path != "-" {
      let parent = (file.path as NSString).deletingLastPathComponent
      let folder = parent.isEmpty ? "." : parent
      if !searchFolders.contains(folder) { searchFolders.append(folder) }
    }
    return expansion
  }

  private static func badName(_ path: String, _ scalar: Unicode.Scalar) -> VCGraphError {
    VCGraphError(
      .noInput,
      "\(path): the file name holds \(ControlCharacters.name(of: scalar)); vcgraph reads no"
        + " file whose name could garble a terminal", hint: "rename the file")
  }

  /// Adds the inputs inside `directory` (whose path inside the argument is `relative`).
  private func walk(
    _ directory: String, relative: String, selection: InputSelection,
    into found: inout [InputFile], skipped: inout [String], excluded: inout Int,
    problems: inout [VCGraphError]
  ) {
    guard let handle = opendir(directory) else {
      problems.append(
        VCGraphError(
          .noInput, "\(directory): cannot read the directory (\(String(cString: strerror(errno))))"
        ))
      return
    }
    var names: [[UInt8]] = []
    while let entry = readdir(handle) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        Array(raw.prefix { $0 != 0 })
      }
      if name != [0x2E] && name != [0x2E, 0x2E] { names.append(name) }
    }
    closedir(handle)
    for bytes in names {
      guard let name = String(validating: bytes, as: UTF8.self) else {
        if Self.hasInputExtension(bytes) {
          let shown = bytes.map { $0 < 0x80 ? String(UnicodeScalar($0)) : Self.hexByte($0) }
          problems.append(
            VCGraphError(
              .noInput,
              "\((directory as NSString).appendingPathComponent(shown.joined())): the file name"
                + " is not valid UTF-8, so vcgraph cannot name it", hint: "rename the file"))
        }
        continue
      }
      let path = (directory as NSString).appendingPathComponent(name)
      let inside = relative.isEmpty ? name : relative + "/" + name
      var info = stat()
      guard lstat(path, &info) == 0 else { continue }
      switch info.st_mode & S_IFMT {
      case S_IFDIR:
        walk(
          path, relative: inside, selection: selection, into: &found, skipped: &skipped,
          excluded: &excluded, problems: &problems)
        continue
      case S_IFLNK:
        // A link to a file counts as the file; links to directories are not followed (a
        // link back up would never end).
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
      case S_IFREG:
        break
      default:
        continue  // A pipe, socket or device: reading it could block forever.
      }
      // A configuration file is never an input, though its extension is a description's.
      if InputSelection.matches(inside, selection.exclude) || name == ConfigurationFile.fileName {
        continue
      }
      let included = InputSelection.matches(inside, selection.include)
      guard included || Self.hasInputExtension(Array(name.utf8)) else { continue }
      if let refused = ControlCharacters.firstRefused(in: name) {
        problems.append(Self.badName(path, refused.scalar))
        continue
      }
      if isExcluded(path) {
        excluded += 1
      } else if included || isRecognised(path) {
        found.append(InputFile(path: path, relative: inside))
      } else {
        skipped.append(inside)
      }
    }
  }

  /// Whether a file with an input extension holds that format (one that cannot be read or is
  /// over the size limit counts, so its error is reported).
  private func isRecognised(_ path: String) -> Bool {
    guard let bytes = try? read(path) else { return true }
    return InputFormats.belongsInDirectory(path: path, bytes: bytes)
  }

  private static func hasInputExtension(_ name: [UInt8]) -> Bool {
    guard let dot = name.lastIndex(of: 0x2E),
      let ext = String(validating: name[(dot + 1)...], as: UTF8.self)
    else { return false }
    return InputFormats.extensions.contains(ext.lowercased())
  }

  private static func hexByte(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16, uppercase: true)
    return "\\x" + (digits.count == 1 ? "0" : "") + digits
  }
}
