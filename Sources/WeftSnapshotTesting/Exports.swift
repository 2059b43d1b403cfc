// `import WeftSnapshotTesting` brings what its strategies take and return: Weft's nodes and
// devices, and WeftTesting's `SnapshotMatrix`, as swift-snapshot-testing users expect one import
// beside `import SnapshotTesting` to be enough.
@_exported import Weft
@_exported import WeftTesting
