/// A backend that writes a ``Diagram`` as text: Mermaid, Markdown, or any other format that
/// needs no layout engine. A new one is a type that conforms, plus its entry in the command
/// line's format list.
public protocol DiagramTextBackend: Sendable {
  /// The diagram as text, ending with a newline; equal diagrams give equal text.
  func text(for diagram: Diagram) -> String
}
