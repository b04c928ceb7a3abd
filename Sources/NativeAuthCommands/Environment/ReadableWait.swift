#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NativeAuthShared
import Synchronization

/// Waits until a descriptor can be read (or its writer is gone) without holding a thread of the
/// cooperative pool: `poll(2)` on a thread of its own, which the task's cancellation wakes through a
/// pipe of its own. No time limit: it ends with the descriptor or the task.
///
/// ```swift
/// await ReadableWait.until(readable: descriptor)   // then read it without blocking
/// ```
enum ReadableWait {
    /// Returns once `descriptor` is readable or at its end, or the task is cancelled (at once when it
    /// already is, or when no pipe can be made).
    static func until(readable descriptor: Int32) async {
        guard let wake = FileDescriptorIO.closeOnExecPipe() else { return }
        let waker = Waker(wake.write)
        await withTaskCancellationHandler {
            await DetachedThread.run {
                var descriptors = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                                   pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)]
                while poll(&descriptors, nfds_t(descriptors.count), -1) < 0 && errno == EINTR {}
            }
        } onCancel: {
            waker.wake()
        }
        waker.close()
        _ = close(wake.read)
    }

    /// The write end of the wake-up pipe: written once on cancellation, closed when the wait is over
    /// (a cancellation that comes later writes nothing).
    private final class Waker: Sendable {
        private let descriptor: Mutex<Int32>

        init(_ descriptor: Int32) {
            self.descriptor = Mutex(descriptor)
        }

        func wake() {
            descriptor.withLock { descriptor in
                guard descriptor >= 0 else { return }
                var byte: UInt8 = 1
                _ = write(descriptor, &byte, 1)
            }
        }

        func close() {
            descriptor.withLock { descriptor in
                if descriptor >= 0 { _ = closeDescriptor(descriptor) }
                descriptor = -1
            }
        }
    }
}

/// `close(2)`, for the types whose own `close()` hides it.
private func closeDescriptor(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}
