import Foundation
import Testing
import Weft

/// Texture's `ASControlNode` state flags and UIKit's `UIControl.State`.
@Suite struct ControlNodeTests {
    @Test func flagsDefaultAsTexturesAndAreStored() {
        let control = ASControlNode()
        #expect(control.isEnabled && !control.isSelected && !control.isHighlighted)
        control.isEnabled = false
        control.isSelected = true
        control.isHighlighted = true
        #expect(!control.isEnabled && control.isSelected && control.isHighlighted)
    }

    @Test func controlStatesHaveUIKitsRawValues() {
        #expect(UIControl.State.normal.rawValue == 0)
        #expect(UIControl.State.highlighted.rawValue == 1)
        #expect(UIControl.State.disabled.rawValue == 2)
        #expect(UIControl.State.selected.rawValue == 4)
        #expect(UIControl.State.focused.rawValue == 8)
        #expect(UIControl.State.application.rawValue == 0x00FF_0000)
        #expect(UIControl.State.reserved.rawValue == 0xFF00_0000)
    }

    @MainActor @Test func aUIControlDerivesItsState() {
        let control = UIControl(frame: .zero)
        #expect(control.state == .normal)
        control.isSelected = true
        control.isEnabled = false
        #expect(control.state == [.selected, .disabled])
    }
}
