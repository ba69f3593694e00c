/// Help generated from the option declarations.
enum HelpText {
  /// A command's help: the usage line, what it does, then its options under their headings.
  static func command(synopsis: String, summary: String, sections: [OptionSection]) -> String {
    var text = "usage: \(synopsis)\n\n\(summary)\n"
    for section in sections where !section.options.isEmpty {
      text += "\n\(section.title):\n"
      for option in section.options {
        var name = option.flag
        if let short = option.short { name = "-\(short), " + name }
        if let valueName = option.valueName { name += " \(valueName)" }
        let column = max(28, name.count + 2)
        text += "  " + name.padding(toLength: column, withPad: " ", startingAt: 0)
        text += option.help + "\n"
      }
    }
    return text
  }
}
