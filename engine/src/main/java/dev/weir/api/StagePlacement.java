package dev.weir.api;

/**
 * Where a keyed stage runs (docs/runtime.md, "Stage placement"). Immutable.
 */
public enum StagePlacement {
    /**
     * On task threads of its own, behind single-producer rings from the stage that feeds it (the
     * default): the feeding thread hands each record over and goes on, at the cost of one thread
     * hop per record.
     */
    HOP,
    /**
     * On the thread of the one instance feeding it, with no ring in between: chained across
     * {@code keyBy} as stateless steps are fused into their stage. Behind a source, that is the
     * source's task thread; behind a publisher, the application's thread, so each result is
     * delivered before {@code publish} returns. Only for a stage of parallelism 1 fed by one
     * instance, with no CPU list or idle strategy of its own.
     */
    INLINE
}
