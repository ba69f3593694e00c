/// The `version` of each JSON document vcgraph writes for pipelines, the first field of each.
///
/// A version's shape is fixed by its schema, `Schemas/NAME.vVERSION.schema.json` in the
/// repository (`analyze.v1.schema.json`, ...). Fields may be added within a version; a field
/// that is removed, renamed or changes its type or meaning makes a new version and a new
/// schema file beside the old one.
public enum JSONOutputVersion {
  /// `analyze --format json` and `render -f json`.
  public static let analyze = 1
  /// `check --format json`.
  public static let check = 1
  /// `diff --format json`.
  public static let diff = 1
  /// `diff --format json` of two scans (`vcgraph scan -f json` results).
  public static let scanDiff = 1
  /// `simulate`'s `summary.json` and `simulate --format json` (the summary, or the refused
  /// step).
  public static let simulate = 1
}
