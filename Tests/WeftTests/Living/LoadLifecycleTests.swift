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
        let answer1 = machine.nextStep(viewport: viewport, vertical: true, followUp: false, mayReplace: true)
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
        let answer3 = machine.nextStep(viewport: viewport, vertical: true, followUp: false, mayReplace: true)
        #expect(answer3 == .load)
        #expect(machine.running && machine.loadAnnounced)
        // Another thread's access meanwhile answers from the data there is.
        let answer4 = machine.nextStep(viewport: viewport, vertical: true, followUp: false, mayReplace: true)
        #expect(answer4 == .busy)
        // An edit meanwhile waits for the load.
        let answer5 = machine.readinessForEdits()
        #expect(answer5 == .duringLoad)
    }

    @Test func aLoadedCollectionAnswersFromItsDataUntilTheCrossSizeChanges() {
        var machine = loaded()
        let answer6 = machine.nextStep(viewport: viewport, vertical: true, followUp: false, mayReplace: true)
        #expect(answer6 == .current(nil))
        // A taller viewport scrolls further; it does not measure again.
        let answer7 = machine.nextStep(viewport: CGSize(width: 100, height: 900), vertical: true, followUp: false, mayReplace: true)
        #expect(answer7 == .current(nil))
        // A new width measures again, keeping the nodes, and announces no load.
        let answer8 = machine.nextStep(viewport: CGSize(width: 300, height: 200), vertical: true, followUp: false, mayReplace: true)
        #expect(answer8 == .relayout)
        #expect(!machine.loadAnnounced)
    }

    @Test func aReloadDuringARelayoutFollowsItAndIsAnnounced() {
        var machine = loaded()
        let answer9 = machine.beginRelayout()
        #expect(answer9)
        let answer10 = machine.requestReload(fromLoad: false, later: false)
        #expect(answer10 == .afterRunningLoad)
        // Edits made from now on are part of what the follow-up reads.
        #expect(machine.reloadAnnounced)
        #expect(!machine.isSettled)
        let answer11 = machine.endRunning()
        #expect(answer11 == true)
        let answer12 = machine.nextStep(viewport: viewport, vertical: true, followUp: true, mayReplace: true)
        #expect(answer12 == .load)
        #expect(machine.isFollowUp)
    }

    @Test func aReloadDuringAFollowUpFromAnotherThreadRunsAfterIt() {
        var machine = loaded()
        let answer13 = machine.requestReload(fromLoad: false, later: true)
        #expect(answer13 == .onNextAccess)
        let answer14 = machine.nextStep(viewport: viewport, vertical: true, followUp: false, mayReplace: true)
        #expect(answer14 == .load)
        let answer15 = machine.endRunning()
        #expect(answer15 == false)
        // The follow-up of a reload asked for during a load:
        let answer16 = machine.requestReload(fromLoad: false, later: false)
        #expect(answer16 == .now)
        let answer17 = machine.nextStep(viewport: viewport, vertical: true, followUp: true, mayReplace: true)
        #expect(answer17 == .load)
        // Another thread asks again while the follow-up runs: it is not dropped, it follows.
        let answer18 = machine.requestReload(fromLoad: false, later: false)
        #expect(answer18 == .afterRunningLoad)
        let answer19 = machine.endRunning()
        #expect(answer19 == true)
        // The follow-up's own data source or node blocks asking again are refused: no loop.
        let answer20 = machine.nextStep(viewport: viewport, vertical: true, followUp: true, mayReplace: true)
        #expect(answer20 == .load)
        let answer21 = machine.requestReload(fromLoad: true, later: false)
        #expect(answer21 == .refused)
        let answer22 = machine.endRunning()
        #expect(answer22 == false)
    }

    @Test func aFailedLoadKeepsItsErrorUntilAnEditOrReloadLoadsAgain() {
        var machine = LoadLifecycle()
        _ = machine.nextStep(viewport: viewport, vertical: true, followUp: false, mayReplace: true)
        let failure = CollectionError.negativeSectionCount(-1)
        machine.loadFinished(viewport: viewport, itemsDeferred: nil, error: failure)
        let answer23 = machine.endRunning()
        #expect(answer23 == false)
        let answer24 = machine.nextStep(viewport: viewport, vertical: true, followUp: false, mayReplace: true)
        #expect(answer24 == .current(failure))
        // An edit starts the load that reads it; a relayout may not start over a failure.
        let answer25 = machine.beginRelayout()
        #expect(!answer25)
        let answer26 = machine.readinessForEdits()
        #expect(answer26 == .loadNow)
        let answer27 = machine.nextStep(viewport: viewport, vertical: true, followUp: false, mayReplace: true)
        #expect(answer27 == .load)
    }

    @Test func whereNoLoadMayStartTheAccessIsBusyAndNothingIsAnnounced() {
        var machine = LoadLifecycle()
        let answer28 = machine.nextStep(viewport: viewport, vertical: true, followUp: false, mayReplace: false)
        #expect(answer28 == .busy)
        #expect(!machine.running && !machine.loadAnnounced)
    }

    @Test func aBatchMeasuredForAnotherViewportMeasuresEveryElementAgain() {
        var machine = loaded()
        machine.noteBatchMeasured(for: viewport)
        let answer29 = machine.nextStep(viewport: viewport, vertical: true, followUp: false, mayReplace: true)
        #expect(answer29 == .current(nil))
        machine.noteBatchMeasured(for: CGSize(width: 300, height: 200))
        let answer30 = machine.nextStep(viewport: viewport, vertical: true, followUp: false, mayReplace: true)
        #expect(answer30 == .relayout)
    }
}
