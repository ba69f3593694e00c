import VCGraphCore

/// Suites that load descriptions written inline, as the file `d.yaml`.
protocol LoadsDescriptions {}

extension LoadsDescriptions {
  func load(_ yaml: String) throws(VCGraphError) -> Hierarchy {
    try DescriptionLoader().load(text: yaml, path: "d.yaml")
  }

  /// The error loading `yaml` gives, or nil if it loads.
  func error(_ yaml: String) -> VCGraphError? {
    do {
      _ = try load(yaml)
      return nil
    } catch {
      return error
    }
  }
}
