package dev.weir.plan;

import java.util.Objects;

/**
 * One input of a step of a {@link LogicalPlan}: the step it reads and how its records arrive.
 * Immutable.
 *
 * @param upstream the index in {@link LogicalPlan#steps()} of the step read, lower than the reading step's
 * @param kind how the records are partitioned on the way
 */
public record PlanEdge(int upstream, EdgeKind kind) {
    /** Checks the kind; the upstream index is checked by the plan. */
    public PlanEdge {
        Objects.requireNonNull(kind, "kind");
    }

    /**
     * @param upstream the step read
     * @return a {@link EdgeKind#FORWARD} edge from it
     */
    public static PlanEdge forward(final int upstream) {
        return new PlanEdge(upstream, EdgeKind.FORWARD);
    }

    /**
     * @param upstream the step read
     * @return a {@link EdgeKind#KEY_PARTITIONED} edge from it
     */
    public static PlanEdge keyPartitioned(final int upstream) {
        return new PlanEdge(upstream, EdgeKind.KEY_PARTITIONED);
    }
}
