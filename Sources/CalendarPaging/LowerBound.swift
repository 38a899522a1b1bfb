/// A binary search over any sorted, indexable collection.
///
/// - Parameters:
///   - count: The number of elements.
///   - isBelow: Whether the element at an index is below the one searched for.
/// - Returns: The first index in `0..<count` whose element is not below, or `count`.
/// - Complexity: O(log *count*) calls of `isBelow`.
func lowerBound(count: Int, isBelow: (Int) -> Bool) -> Int {
  var low = 0
  var high = count
  while low < high {
    let middle = low + (high - low) / 2
    if isBelow(middle) {
      low = middle + 1
    } else {
      high = middle
    }
  }
  return low
}
