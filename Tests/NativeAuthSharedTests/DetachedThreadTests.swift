import Foundation
import NativeAuthShared
import Testing

@Suite("DetachedThread")
struct DetachedThreadTests {
    @Test func runsTheBodyOnAnotherThread() async {
        let caller = pthread_self()
        let ranElsewhere = await withCheckedContinuation { continuation in
            DetachedThread.start { continuation.resume(returning: pthread_equal(pthread_self(), caller) == 0) }
        }
        #expect(ranElsewhere)
    }

    @Test func runsEveryBody() async {
        let finished = await withTaskGroup(of: Int.self) { group in
            for index in 0..<20 {
                group.addTask {
                    await withCheckedContinuation { continuation in
                        DetachedThread.start { continuation.resume(returning: index) }
                    }
                }
            }
            return await group.reduce(into: Set<Int>()) { $0.insert($1) }
        }
        #expect(finished == Set(0..<20))
    }
}
