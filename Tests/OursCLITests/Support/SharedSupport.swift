// Every file of this target sees the shared test support without importing it.
@_exported import OursTestSupport
