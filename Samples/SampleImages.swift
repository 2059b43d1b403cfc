import Foundation
import Weft

/// Images the samples draw, made in code so the repository carries no photos.
public enum SampleImages {
    /// A photo-like picture: a sky gradient, a sun and hills, `size` points at `scale` (a size or
    /// scale a bitmap cannot have gives a 1×1 picture).
    public static func landscape(size: CGSize = CGSize(width: 160, height: 100), scale: CGFloat = 2, hue: CGFloat = 0) -> UIImage {
        let bitmap = (try? Bitmap(size: size, scale: scale) { context in
            let bounds = CGRect(origin: .zero, size: size)
            context.fill(Path(rect: bounds), with: .linear(from: .zero, to: CGPoint(x: 0, y: size.height), stops: Gradient.evenlySpaced([
                UIColor(red: 0.25 + hue * 0.5, green: 0.55, blue: 0.95 - hue * 0.4, alpha: 1),
                UIColor(red: 0.95, green: 0.8, blue: 0.6, alpha: 1),
            ])))
            let sun = CGPoint(x: size.width * 0.72, y: size.height * 0.35)
            context.fill(Path(rect: bounds), with: .radial(startCenter: sun, startRadius: 0, endCenter: sun, endRadius: size.height * 0.3, stops: [
                .init(location: 0, color: UIColor(red: 1, green: 0.95, blue: 0.7, alpha: 1)),
                .init(location: 0.5, color: UIColor(red: 1, green: 0.85, blue: 0.4, alpha: 0.8)),
                .init(location: 1, color: UIColor(red: 1, green: 0.8, blue: 0.4, alpha: 0)),
            ]))
            var hills = Path()
            hills.move(to: CGPoint(x: 0, y: size.height * 0.7))
            hills.addCurve(to: CGPoint(x: size.width, y: size.height * 0.65),
                           control1: CGPoint(x: size.width * 0.3, y: size.height * 0.45),
                           control2: CGPoint(x: size.width * 0.6, y: size.height * 0.9))
            hills.addLine(to: CGPoint(x: size.width, y: size.height))
            hills.addLine(to: CGPoint(x: 0, y: size.height))
            hills.close()
            context.fill(hills, with: UIColor(red: 0.2, green: 0.5 - hue * 0.2, blue: 0.3, alpha: 1))
        }) ?? fallback
        return UIImage(bitmap: bitmap)
    }

    /// A round avatar-like picture with coloured quadrants, for tint and border examples (a
    /// diameter or scale a bitmap cannot have gives a 1×1 picture).
    public static func badge(diameter: CGFloat = 48, scale: CGFloat = 2) -> UIImage {
        let bitmap = (try? Bitmap(size: CGSize(width: diameter, height: diameter), scale: scale) { context in
            let half = diameter / 2
            context.fill(CGRect(x: 0, y: 0, width: half, height: half), with: .systemBlue)
            context.fill(CGRect(x: half, y: 0, width: half, height: half), with: .systemOrange)
            context.fill(CGRect(x: 0, y: half, width: half, height: half), with: .systemGreen)
            context.fill(CGRect(x: half, y: half, width: half, height: half), with: .systemPurple)
            context.fill(Path(ellipseIn: CGRect(x: half / 2, y: half / 2, width: half, height: half)), with: .white)
        }) ?? fallback
        return UIImage(bitmap: bitmap)
    }

    // One pixel at scale 1 is always a valid bitmap.
    private static var fallback: Bitmap { try! Bitmap(pixelWidth: 1, pixelHeight: 1, scale: 1) }
}
