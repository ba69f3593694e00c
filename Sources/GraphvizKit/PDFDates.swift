// The dates in a PDF's document information dictionary, made reproducible. Cairo 1.16 (Debian's
// and Ubuntu's) writes the time of the render as `/CreationDate` and ignores
// `SOURCE_DATE_EPOCH`, so two renders of one graph differ in those bytes. Pure Swift over the
// PDF's bytes.

/// Rewrites `/CreationDate` and `/ModDate` in a PDF's document information dictionary to one
/// fixed date, keeping every byte offset (and so the cross-reference table) valid.
public enum PDFDates {
  /// The date written when `SOURCE_DATE_EPOCH` is not set: the Unix epoch,
  /// `D:19700101000000Z`.
  public static let defaultEpoch: Int64 = 0

  /// The seconds since 1970 that `SOURCE_DATE_EPOCH` names (reproducible-builds.org's
  /// convention), `.unset` when it is not set or empty, and `.malformed` when it is not a
  /// non-negative integer of at most 253,402,300,799 (the last second of year 9999).
  public static func sourceDateEpoch(_ value: String?) -> SourceDateEpoch {
    guard let value, !value.isEmpty else { return .unset }
    guard value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), value.utf8.count <= 12,
      let seconds = Int64(value), seconds <= 253_402_300_799
    else { return .malformed(value) }
    return .seconds(seconds)
  }

  /// What `SOURCE_DATE_EPOCH` said.
  public enum SourceDateEpoch: Equatable, Sendable {
    /// Not set: ``defaultEpoch`` is used.
    case unset
    /// A valid number of seconds since 1970-01-01T00:00:00Z.
    case seconds(Int64)
    /// Not a number vcgraph can use (the value as given); ``defaultEpoch`` is used.
    case malformed(String)

    /// The seconds to date a PDF with.
    public var epoch: Int64 {
      if case .seconds(let seconds) = self { return seconds }
      return PDFDates.defaultEpoch
    }
  }

  /// A PDF date string (ISO 32000-1, 7.9.4) in UTC for `epoch`: `D:YYYYMMDDHHmmSSZ`.
  /// `epoch` must lie in years 1970 to 9999.
  public static func pdfDate(epoch: Int64) -> String {
    let days = epoch / 86_400
    let secondsOfDay = epoch % 86_400
    // Howard Hinnant's civil_from_days, for days since 1970-01-01 (non-negative here).
    let shifted = days + 719_468
    let era = shifted / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let yearText = String(repeating: "0", count: max(0, 4 - "\(year)".count)) + "\(year)"
    return "D:\(yearText)\(two(month))\(two(day))\(two(secondsOfDay / 3600))"
      + "\(two(secondsOfDay % 3600 / 60))\(two(secondsOfDay % 60))Z"
  }

  /// `pdf` with the literal strings of `/CreationDate` and `/ModDate` in the dictionary the
  /// trailer's `/Info` names replaced by `(date)`. The dictionary is found through the
  /// cross-reference table, so text elsewhere in the file (a link's URI, say) is never
  /// touched. Cairo writes the local time (`Z` in UTC, `+05'30` in India), so the new string
  /// can be shorter or longer than the old: every object after the dictionary moves by the
  /// difference, and its cross-reference entry and `startxref` are rewritten to match, so the
  /// file stays valid and its bytes do not depend on the time zone. A file whose trailer,
  /// table or dictionary cannot be read that way is returned unchanged.
  ///
  /// Complexity: O(n) in the length of `pdf`.
  public static func fixed(_ pdf: [UInt8], date: String) -> [UInt8] {
    guard let layout = CrossReference(pdf), let range = layout.infoRange else { return pdf }
    var result = pdf
    var delta = 0
    let replacement = Array("(\(date))".utf8)
    // Later keys first, so earlier positions stay where they were found.
    var strings: [ClosedRange<Int>] = []
    for key in ["/CreationDate", "/ModDate"] {
      guard let keyStart = find(Array(key.utf8), in: pdf, within: range) else { continue }
      var open = keyStart + key.utf8.count
      while open < range.upperBound, isWhitespace(pdf[open]) { open += 1 }
      guard open < range.upperBound, pdf[open] == UInt8(ascii: "(") else { continue }
      guard
        let close = pdf[(open + 1)..<range.upperBound].firstIndex(where: {
          $0 == UInt8(ascii: ")") || $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "(")
        }), pdf[close] == UInt8(ascii: ")")
      else { continue }
      strings.append(open...close)
    }
    for string in strings.sorted(by: { $0.lowerBound > $1.lowerBound }) {
      result.replaceSubrange(string, with: replacement)
      delta += replacement.count - string.count
    }
    guard delta != 0 else { return result }
    // The table and everything after the dictionary moved by `delta`.
    for entry in layout.entries where entry.offset > range.lowerBound {
      let digits = Array(String(entry.offset + delta).utf8)
      guard digits.count <= 10 else { return pdf }
      let field = entry.position + delta
      result.replaceSubrange(
        field..<(field + 10),
        with: Array(repeating: UInt8(ascii: "0"), count: 10 - digits.count)
          + digits)
    }
    let number = layout.startxrefNumber.lowerBound + delta
    result.replaceSubrange(
      number..<(number + layout.startxrefNumber.count),
      with: Array(String(layout.xref + delta).utf8))
    return result
  }

  /// Where things are in a PDF with a classic cross-reference table (what cairo writes): the
  /// table, its in-use entries, and the object the last trailer's `/Info` names.
  struct CrossReference {
    /// The offset of the `xref` keyword.
    var xref: Int
    /// The digits after `startxref`.
    var startxrefNumber: Range<Int>
    /// Each in-use entry: where its 10-digit offset field is, and the offset it holds.
    var entries: [(position: Int, offset: Int)] = []
    /// The bytes from `N G obj` to `endobj` of the information dictionary's object.
    var infoRange: Range<Int>?

    init?(_ pdf: [UInt8]) {
      guard let startxref = PDFDates.findLast(Array("startxref".utf8), in: pdf),
        let (xref, numberEnd) = PDFDates.integer(in: pdf, from: startxref + 9),
        xref < pdf.count, pdf[xref...].starts(with: Array("xref".utf8)),
        let trailer = PDFDates.find(Array("trailer".utf8), in: pdf, within: xref..<pdf.count),
        let info = PDFDates.find(Array("/Info".utf8), in: pdf, within: trailer..<pdf.count),
        let (object, _) = PDFDates.integer(in: pdf, from: info + 5)
      else { return nil }
      self.xref = xref
      var digits = startxref + 9
      while PDFDates.isWhitespace(pdf[digits]) { digits += 1 }
      startxrefNumber = digits..<numberEnd
      // Subsections: "first count" then count entries of 20 bytes ("oooooooooo ggggg n\r\n").
      var position = xref + 4
      while position < trailer {
        guard let (first, afterFirst) = PDFDates.integer(in: pdf, from: position),
          let (count, afterCount) = PDFDates.integer(in: pdf, from: afterFirst)
        else { return nil }
        var start = afterCount
        while start < pdf.count, PDFDates.isWhitespace(pdf[start]) { start += 1 }
        guard start + count * 20 <= trailer else { return nil }
        for index in 0..<count {
          let entry = start + index * 20
          guard pdf[entry + 17] == UInt8(ascii: "n") else { continue }
          guard let (offset, _) = PDFDates.integer(in: pdf, from: entry), offset < pdf.count
          else { return nil }
          entries.append((entry, offset))
          if first + index == object,
            let (number, _) = PDFDates.integer(in: pdf, from: offset), number == object,
            let end = PDFDates.find(Array("endobj".utf8), in: pdf, within: offset..<pdf.count)
          {
            infoRange = offset..<end
          }
        }
        position = start + count * 20
      }
      // An object after the dictionary must start after it, or moving it would be wrong.
      guard let infoRange,
        entries.allSatisfy({
          $0.offset <= infoRange.lowerBound || $0.offset >= infoRange.upperBound
        })
      else { return nil }
    }
  }

  static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == 0x0C || byte == 0
  }

  /// The non-negative integer after optional whitespace at `start`, and the index after it.
  static func integer(in bytes: [UInt8], from start: Int) -> (Int, Int)? {
    var index = start
    while index < bytes.count, isWhitespace(bytes[index]) { index += 1 }
    var value = 0
    let digitsStart = index
    while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39,
      index - digitsStart < 18
    {
      value = value * 10 + Int(bytes[index] - 0x30)
      index += 1
    }
    return index > digitsStart ? (value, index) : nil
  }

  static func find(_ needle: [UInt8], in bytes: [UInt8], within range: Range<Int>)
    -> Int?
  {
    guard !needle.isEmpty, range.count >= needle.count else { return nil }
    var index = range.lowerBound
    while index + needle.count <= range.upperBound {
      if bytes[index] == needle[0], bytes[index..<(index + needle.count)].elementsEqual(needle) {
        return index
      }
      index += 1
    }
    return nil
  }

  static func findLast(_ needle: [UInt8], in bytes: [UInt8]) -> Int? {
    var index = bytes.count - needle.count
    while index >= 0 {
      if bytes[index] == needle[0], bytes[index..<(index + needle.count)].elementsEqual(needle) {
        return index
      }
      index -= 1
    }
    return nil
  }
}
