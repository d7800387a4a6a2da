import Foundation

/// Starts a detached thread with a stack of a given size: each connection of the server
/// gets one, and the default stack (8 MiB of address space each) would make 256 of them
/// count 2 GiB against a memory limit.
public enum DetachedThread {
    /// False when the system would not start one (the caller then drops the connection).
    public static func start(stackSize: Int = 1 << 20, _ body: @escaping @Sendable () -> Void) -> Bool {
        final class Box { let body: @Sendable () -> Void; init(_ b: @escaping @Sendable () -> Void) { body = b } }
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackSize)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(&thread, &attributes, { raw in
            let box = Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue()
            box.body()
            return nil
        }, box)
        if started != 0 { Unmanaged<Box>.fromOpaque(box).release() }
        return started == 0
    }
}
