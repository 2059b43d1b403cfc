/// Texture's deprecated name for `ASAbsoluteLayoutSpec`, which its older documentation uses.
@available(*, deprecated, renamed: "ASAbsoluteLayoutSpec")
public typealias ASStaticLayoutSpec = ASAbsoluteLayoutSpec
