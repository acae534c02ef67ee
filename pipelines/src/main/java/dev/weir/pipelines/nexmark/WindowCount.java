package dev.weir.pipelines.nexmark;

/**
 * Query 12's open window of one bidder: its start in processing time and the bids counted in it.
 *
 * @param start the window's start, ms of processing time
 * @param count the bids processed in it so far
 */
record WindowCount(long start, long count) {
}
