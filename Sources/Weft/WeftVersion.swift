import CWeft

/// Weft's release and the cairo and pango it renders with, as `weft --version` prints them. Pixels
/// are deterministic for one set of these (and the fonts), so a golden's provenance names them.
public enum WeftVersion {
    /// Weft's own version, semantic versioning.
    public static let release = "0.9.0"

    /// The cairo library loaded at run time, which may be newer than the headers built against.
    public static var cairo: String { String(cString: cairo_version_string()) }

    /// The pango library loaded at run time.
    public static var pango: String { String(cString: pango_version_string()) }

    /// "0.9.0 (cairo 1.16.0, pango 1.50.12)".
    public static var description: String { "\(release) (cairo \(cairo), pango \(pango))" }
}
