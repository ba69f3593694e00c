import VCGraphCore

/// A command that reads descriptions with the `limits`, `custom classes` and `storyboard
/// references` option groups: what those groups give the loader, said once here for every
/// such command instead of in each.
protocol ReadsDescriptions: CommandOptions {
  /// `--max-input-bytes`, `--max-depth`, `--max-controllers`, `--max-scalar-length` and
  /// `--max-label-lines`.
  var limits: LimitOptions { get }
  /// `--class NAME=KIND`: custom classes' kinds.
  var classes: ClassOptions { get }
  /// `--storyboard-folder`.
  var references: ReferenceOptions { get }
}

extension ReadsDescriptions {
  var inputLimits: InputLimits { limits.input }
  var maxLabelLines: Int { limits.maxLabelLines }
  var declaredKinds: [String: ControllerKind] { classes.declaredKinds }
  var storyboardFolders: [String] { references.folders }
}

/// A command that reads the files in directories given as inputs, chosen by `--include`,
/// `--force-exclude` and `--exclude`.
protocol SelectsFiles: CommandOptions {
  /// `--include` and `--force-exclude`.
  var include: IncludeOptions { get }
  /// `--exclude`.
  var exclude: ExcludeOptions { get }
}

extension SelectsFiles {
  var selection: InputSelection {
    InputSelection(
      include: include.include, exclude: exclude.exclude, forceExclude: include.forceExclude)
  }
}
