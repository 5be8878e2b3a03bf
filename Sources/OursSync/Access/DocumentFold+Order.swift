/// The order the writes of the documents are judged in.
extension DocumentFold {
    /// Every write each copy holds, and every write one of them replaced.
    static func candidates(_ states: [RecordState], _ document: Document) -> [Candidate] {
        var result: [Candidate] = []
        for state in states {
            for (name, register) in state.fields {
                for entry in register.entries {
                    result.append(Candidate(document: document, name: name, entry: entry))
                    for earlier in entry.replaced { result.append(Candidate(document: document, name: name, entry: earlier)) }
                }
            }
        }
        return result
    }

    /// The writes in causal order: a write comes after every write its writer had seen (and
    /// after its own device's earlier ones), whatever the stamps say — a device whose clock is
    /// behind still writes after what it had read. Of writes that are concurrent, a hand-over of
    /// ownership goes after the others, then they go by stamp: whatever the owner's other devices,
    /// or the member taking over, did without having seen the hand-over is judged as done before
    /// it — a removal or a leave it did not see, a dissolution on another of the owner's devices
    /// — so a hand-over never lands on someone who was leaving, and never turns a concurrent
    /// action of the owner's into a stranger's.
    static func causalOrder(_ candidates: [Candidate]) -> [Write] {
        var byStamp: [Stamp: Write] = [:]
        for candidate in candidates {
            let stamp = candidate.entry.stamp
            // The entries of one write carry what their writer had seen of each document; what
            // it had seen is all of it.
            if byStamp[stamp] == nil { byStamp[stamp] = Write(stamp: stamp) }
            byStamp[stamp]?.seen.formUnion(candidate.entry.seen)
            byStamp[stamp]?.candidates.append(candidate)
        }
        let writes = byStamp.values.sorted { $0.stamp < $1.stamp }
        let next = successors(writes)
        var waitingOn = [Int](repeating: 0, count: writes.count)
        for list in next { for later in list { waitingOn[later] += 1 } }
        let handsOver = writes.map(\.handsOverOwnership)
        var ready = MinHeap(writes.indices.filter { waitingOn[$0] == 0 && !handsOver[$0] })
        var readyHandOvers = MinHeap(writes.indices.filter { waitingOn[$0] == 0 && handsOver[$0] })
        var placed = [Bool](repeating: false, count: writes.count)
        var order: [Write] = []
        var unplaced = 0
        while order.count < writes.count {
            let chosen: Int
            if let first = ready.pop() ?? readyHandOvers.pop() {
                chosen = first
            } else {
                // A cycle (only in hand-made files) is broken at its earliest stamp.
                while placed[unplaced] { unplaced += 1 }
                chosen = unplaced
            }
            if placed[chosen] { continue }
            placed[chosen] = true
            order.append(writes[chosen])
            for after in next[chosen] {
                waitingOn[after] -= 1
                guard waitingOn[after] == 0, !placed[after] else { continue }
                if handsOver[after] { readyHandOvers.push(after) } else { ready.push(after) }
            }
        }
        return order
    }

    /// For each write (by index, in stamp order), the writes that must come after it: the next
    /// write of its device, and each write whose writer had seen it but nothing later of its
    /// device (the rest follows through the device's own order).
    private static func successors(_ writes: [Write]) -> [[Int]] {
        var byDevice: [DeviceID: [Int]] = [:]
        for index in writes.indices { byDevice[writes[index].stamp.device, default: []].append(index) }
        var next = [[Int]](repeating: [], count: writes.count)
        for indices in byDevice.values {
            for (earlier, later) in zip(indices, indices.dropFirst()) { next[earlier].append(later) }
        }
        for later in writes.indices {
            for seen in writes[later].seen.stamps.values {
                guard let indices = byDevice[seen.device] else { continue }
                // The last write of that device the writer had seen.
                var low = 0
                var high = indices.count
                while low < high {
                    let middle = (low + high) / 2
                    if writes[indices[middle]].stamp <= seen { low = middle + 1 } else { high = middle }
                }
                if low > 0, indices[low - 1] != later { next[indices[low - 1]].append(later) }
            }
        }
        return next
    }
}

/// The smallest index first: writes that are ready go in stamp order.
private struct MinHeap {
    private var items: [Int] = []

    init(_ initial: [Int]) { for item in initial { push(item) } }

    mutating func push(_ item: Int) {
        items.append(item)
        var child = items.count - 1
        while child > 0, items[(child - 1) / 2] > items[child] {
            items.swapAt(child, (child - 1) / 2)
            child = (child - 1) / 2
        }
    }

    mutating func pop() -> Int? {
        guard let first = items.first else { return nil }
        items.swapAt(0, items.count - 1)
        items.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < items.count, items[left] < items[smallest] { smallest = left }
            if right < items.count, items[right] < items[smallest] { smallest = right }
            if smallest == parent { return first }
            items.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
