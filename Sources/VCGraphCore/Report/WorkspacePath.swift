/// Input paths as CI tools want them: relative to the working directory, whatever spelling
/// the user gave (`./Samples/x.yaml`, `Samples//x.yaml` and an absolute path are one file), so
/// that baselines and SARIF locations match from run to run.
public enum WorkspacePath {
  /// `path` relative to `directory` (an absolute path), lexically: `.` and `..` resolved, no
  /// symbolic links followed. Standard input (`-`) stays `-`.
  public static func relative(_ path: String, to directory: String) -> String {
    if path == "-" { return path }
    let absolute = path.hasPrefix("/") ? path : directory + "/" + path
    let target = components(absolute)
    let base = components(directory)
    var common = 0
    while common < min(target.count, base.count) && target[common] == base[common] {
      common += 1
    }
    let up = Array(repeating: "..", count: base.count - common)
    let rest = up + target[common...]
    return rest.isEmpty ? "." : rest.joined(separator: "/")
  }

  /// An absolute path's components with `.` and `..` resolved.
  static func components(_ path: String) -> [String] {
    var out: [String] = []
    for part in path.split(separator: "/", omittingEmptySubsequences: true) {
      switch part {
      case ".": continue
      case "..": if !out.isEmpty { out.removeLast() }
      default: out.append(String(part))
      }
    }
    return out
  }

  /// A relative path as a URI reference (RFC 3986): every byte but unreserved characters and
  /// `/` percent-encoded.
  public static func uri(_ relativePath: String) -> String {
    var out = ""
    for byte in relativePath.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
        out.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let hex = String(byte, radix: 16, uppercase: true)
        out += "%" + (hex.count == 1 ? "0" + hex : hex)
      }
    }
    return out
  }
}
