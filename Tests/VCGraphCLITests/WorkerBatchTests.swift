import Testing

@testable import VCGraphCLI

/// How `WorkerPool` cuts a run's inputs into worker batches: equal batches, the fewest of at
/// most 100 inputs, a multiple of the jobs in number, so every worker starts the same number
/// of times (issue 34: 200 inputs on 2 jobs went out as 100, 50, 50).
@Suite("Worker batches")
struct WorkerBatchTests {
  @Test("the batch sizes for a run, worked out by hand")
  func sizes() {
    // 200 inputs, 2 jobs: two batches of 100, one per worker.
    #expect(WorkerPool.batchSizes(count: 200, jobs: 2) == [100, 100])
    // 250 inputs need 3 batches of at most 100; 4 (a multiple of 2) of 63, the last 61.
    #expect(WorkerPool.batchSizes(count: 250, jobs: 2) == [63, 63, 63, 61])
    // 500 inputs: 5 needed, 6 batches of 84, the last 80.
    #expect(WorkerPool.batchSizes(count: 500, jobs: 2) == [84, 84, 84, 84, 84, 80])
    // Few inputs: one batch per worker.
    #expect(WorkerPool.batchSizes(count: 33, jobs: 2) == [17, 16])
    #expect(WorkerPool.batchSizes(count: 3, jobs: 4) == [1, 1, 1])
    #expect(WorkerPool.batchSizes(count: 300, jobs: 3) == [100, 100, 100])
  }

  @Test("every batch holds at most 100 inputs and every input is in one")
  func bounds() {
    for count in [1, 2, 99, 100, 101, 199, 201, 1_000, 1_234] {
      for jobs in 1...4 {
        let sizes = WorkerPool.batchSizes(count: count, jobs: jobs)
        #expect(sizes.reduce(0, +) == count)
        #expect(sizes.allSatisfy { $0 >= 1 && $0 <= WorkerPool.batchSize })
      }
    }
  }
}
