// scrolltrace — the pieces an XML document is read as.

/// One piece of an XML document, in document order.
package enum XMLEvent: Sendable, Equatable {
  /// A start tag, or an empty-element tag (`isEmpty`, no ``close(name:)`` follows).
  case open(name: String, attributes: [XMLAttribute], isEmpty: Bool)
  /// An end tag; its name is the open element's (the tokenizer checks).
  case close(name: String)
  /// Character data inside an element, entities and CDATA resolved.
  case text(String)
}

/// One attribute of a start tag, its value's entities resolved.
package struct XMLAttribute: Sendable, Equatable {
  /// The attribute's name.
  package var name: String
  /// The attribute's value.
  package var value: String
}
