package dev.weir.plan;

import java.util.List;

/**
 * {@code DataStream.union}: the records of several streams of one type merged into one stream,
 * each read over a {@link EdgeKind#UNION} edge. The step reading the union sees every channel of
 * every unioned stream in one valve (docs/semantics.md §7). Immutable.
 *
 * @param inputs the {@link EdgeKind#UNION} edges of the unioned streams, in the order given, each upstream once
 */
public record UnionStep(List<PlanEdge> inputs) implements PlanStep {
    /** Copies the edges and checks that they are union edges of distinct streams, at least two. */
    public UnionStep {
        inputs = List.copyOf(inputs);
        if (inputs.size() < 2) {
            throw new IllegalArgumentException("a union reads at least two streams, not " + inputs.size());
        }
        for (int i = 0; i < inputs.size(); i++) {
            if (inputs.get(i).kind() != EdgeKind.UNION) {
                throw new IllegalArgumentException("a union reads over UNION edges, not " + inputs.get(i));
            }
            for (int j = 0; j < i; j++) {
                if (inputs.get(j).upstream() == inputs.get(i).upstream()) {
                    throw new IllegalArgumentException("a union reads step " + inputs.get(i).upstream() + " twice: a stream cannot be"
                            + " unioned with itself");
                }
            }
        }
    }

    /**
     * @param upstreams the steps unioned, in order
     * @return the union of them
     */
    public static UnionStep of(final int... upstreams) {
        final PlanEdge[] edges = new PlanEdge[upstreams.length];
        for (int i = 0; i < upstreams.length; i++) {
            edges[i] = new PlanEdge(upstreams[i], EdgeKind.UNION);
        }
        return new UnionStep(List.of(edges));
    }
}
