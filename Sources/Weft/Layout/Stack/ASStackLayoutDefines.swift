/// The axis a stack lays its children along; Texture's `ASStackLayoutDirection`.
public enum ASStackLayoutDirection: Int, Sendable { case vertical, horizontal }

/// Where leftover space along the stack axis goes; Texture's `ASStackLayoutJustifyContent`.
public enum ASStackLayoutJustifyContent: Int, Sendable { case start, center, end, spaceBetween, spaceAround }

/// How children sit across the stack axis; Texture's `ASStackLayoutAlignItems`.
public enum ASStackLayoutAlignItems: Int, Sendable { case start, end, center, stretch, baselineFirst, baselineLast, notSet }

/// A child's override of `alignItems`; Texture's `ASStackLayoutAlignSelf`.
public enum ASStackLayoutAlignSelf: Int, Sendable { case auto, start, end, center, stretch }

/// Whether a stack breaks into lines; Texture's `ASStackLayoutFlexWrap`.
public enum ASStackLayoutFlexWrap: Int, Sendable { case noWrap, wrap }

/// How lines of a wrapping stack share the cross axis; Texture's `ASStackLayoutAlignContent`.
public enum ASStackLayoutAlignContent: Int, Sendable { case start, center, end, spaceBetween, spaceAround, stretch }

/// Texture's `ASHorizontalAlignment`, a shorthand for a stack's justification or alignment.
public enum ASHorizontalAlignment: Int, Sendable { case none, left, middle, right }

/// Texture's `ASVerticalAlignment`, a shorthand for a stack's justification or alignment.
public enum ASVerticalAlignment: Int, Sendable { case none, top, center, bottom }
