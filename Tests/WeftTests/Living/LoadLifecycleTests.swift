import Foundation
import Testing
@testable import Weft

/// The load lifecycle as a state machine, driven without a collection: each case is a sequence
/// of what threads ask (`reloadData()`, a frame's load, a relayout, a batch) and what it must
/// decide. The collection-level reproducers (`ReloadDuringReplacementTests`,
/// `ReloadFromAnyThreadTests`, the stress test) drive the same transitions through real threads.
@Suite struct LoadLifecycleTests {
    private let viewport = CGSize(width: 100, height: 200)

    private func loaded() -> LoadLifecycle {
        var machine = LoadLifecycle()
        let answer1 = machine.nextStep(viewport: viewport, vertical: true, mayReplace: true)
        #expect(answer1 == .load)
        // The load takes the map (`ASDataController.beginReplacement`): its announcement is answered.
        machine.clearAnnouncements()
        machine.loadFinished(viewport: viewport, itemsDeferred: false, error: nil)
        let answer2 = machine.endRunning()
        #expect(answer2 == false)
        return machine
    }

    @Test func aFirstAccessLoadsAndAnnouncesTheLoad() {
        var machine = LoadLifecycle()
        let answer3 = machine.nextStep(viewport: viewport, vertical: true, mayReplace: true)
        #expect(answer3 == .load)
        #expect(machine.running && machine.loadAnnounced)
        // Another thread's access meanwhile answers from the data there is.
        let answer4 = machine.nextStep(viewport: viewport, vertical: true, mayReplace: true)
        #expect(answer4 == .busy)
        // An edit meanwhile waits for the load.
        let answer5 = machine.readinessForEdits()
        #expect(answer5 == .duringLoad)
    }

    @Test func aLoadedCollectionAnswersFromItsDataUntilTheCrossSizeChanges() {
        var machine = loaded()
        let answer6 = machine.nextStep(viewport: viewport, vertical: true, mayReplace: true)
        #expect(answer6 == .current(nil))
        // A taller viewport scrolls further; it does not measure again.
        let answer7 = machine.nextStep(viewport: CGSize(width: 100, height: 900), vertical: true, mayReplace: true)
        #expect(answer7 == .current(nil))
        // A new width measures again, keeping the nodes, and announces no load.
        let answer8 = machine.nextStep(viewport: CGSize(width: 300, height: 200), vertical: true, mayReplace: true)
        #expect(answer8 == .relayout)
        #expect(!machine.loadAnnounced)
    }

    @Test func aReloadDuringARelayoutFollowsItAndIsAnnounced() {
        var machine = loaded()
        let relayout = machine.beginRelayout()
        #expect(relayout)
        let reload = machine.requestReload(fromLoad: false, later: false)
        #expect(reload == .afterRunningLoad)
        // Edits made from now on are part of what the follow-up reads.
        #expect(machine.reloadAnnounced)
        #expect(!machine.isSettled)
        // The relayout hands over to the follow-up load without the data ever stopping running:
        // another thread's access in between finds it busy and cannot relayout over the reload.
        let followUp = machine.endRunning()
        #expect(followUp)
        #expect(machine.running && machine.isFollowUp && machine.loadAnnounced && !machine.loaded)
        let access = machine.nextStep(viewport: viewport, vertical: true, mayReplace: true)
        #expect(access == .busy)
        let otherRelayout = machine.beginRelayout()
        #expect(!otherRelayout)
    }

    @Test func aLoadThatEndsAfterAReloadWasAskedForIsNotTakenAsCurrent() {
        var machine = LoadLifecycle()
        let load = machine.nextStep(viewport: viewport, vertical: true, mayReplace: true)
        #expect(load == .load)
        machine.clearAnnouncements()
        // Another thread reloads while the load runs; the load then publishes what it read.
        let reload = machine.requestReload(fromLoad: false, later: false)
        #expect(reload == .afterRunningLoad)
        machine.loadFinished(viewport: viewport, itemsDeferred: false, error: nil)
        let followUp = machine.endRunning()
        #expect(followUp)
        #expect(!machine.loaded && machine.running)
        // The follow-up reads the new model, then the data is current.
        machine.clearAnnouncements()
        machine.loadFinished(viewport: viewport, itemsDeferred: false, error: nil)
        let done = machine.endRunning()
        #expect(!done)
        #expect(machine.isSettled && !machine.reloadAnnounced)
    }

    @Test func aReloadDuringAFollowUpFromAnotherThreadRunsAfterItAndTheFollowUpsOwnIsRefused() {
        var machine = loaded()
        let load = machine.requestReload(fromLoad: false, later: false)
        #expect(load == .now)
        let step = machine.nextStep(viewport: viewport, vertical: true, mayReplace: true)
        #expect(step == .load)
        // Another thread asks again while the load runs: it follows, as a follow-up.
        let again = machine.requestReload(fromLoad: false, later: false)
        #expect(again == .afterRunningLoad)
        let followUp = machine.endRunning()
        #expect(followUp && machine.isFollowUp)
        // Another thread again, during the follow-up: not dropped, another follow-up.
        let third = machine.requestReload(fromLoad: false, later: false)
        #expect(third == .afterRunningLoad)
        let secondFollowUp = machine.endRunning()
        #expect(secondFollowUp)
        // The follow-up's own data source or node blocks asking again are refused: no loop.
        let own = machine.requestReload(fromLoad: true, later: false)
        #expect(own == .refused)
        let done = machine.endRunning()
        #expect(!done)
    }

    @Test func aFailedLoadKeepsItsErrorUntilAnEditOrReloadLoadsAgain() {
        var machine = LoadLifecycle()
        _ = machine.nextStep(viewport: viewport, vertical: true, mayReplace: true)
        let failure = CollectionError.negativeSectionCount(-1)
        machine.loadFinished(viewport: viewport, itemsDeferred: nil, error: failure)
        let answer23 = machine.endRunning()
        #expect(answer23 == false)
        let answer24 = machine.nextStep(viewport: viewport, vertical: true, mayReplace: true)
        #expect(answer24 == .current(failure))
        // An edit starts the load that reads it; a relayout may not start over a failure.
        let answer25 = machine.beginRelayout()
        #expect(!answer25)
        let answer26 = machine.readinessForEdits()
        #expect(answer26 == .loadNow)
        let answer27 = machine.nextStep(viewport: viewport, vertical: true, mayReplace: true)
        #expect(answer27 == .load)
    }

    @Test func whereNoLoadMayStartTheAccessIsBusyAndNothingIsAnnounced() {
        var machine = LoadLifecycle()
        let answer28 = machine.nextStep(viewport: viewport, vertical: true, mayReplace: false)
        #expect(answer28 == .busy)
        #expect(!machine.running && !machine.loadAnnounced)
    }

    @Test func aBatchMeasuredForAnotherViewportMeasuresEveryElementAgain() {
        var machine = loaded()
        machine.noteBatchMeasured(for: viewport)
        let answer29 = machine.nextStep(viewport: viewport, vertical: true, mayReplace: true)
        #expect(answer29 == .current(nil))
        machine.noteBatchMeasured(for: CGSize(width: 300, height: 200))
        let answer30 = machine.nextStep(viewport: viewport, vertical: true, mayReplace: true)
        #expect(answer30 == .relayout)
    }
}
