package dev.weir.api;

import dev.weir.operator.OperatorFactory;
import dev.weir.runtime.sink.Sink;
import java.util.ArrayList;
import java.util.List;

/**
 * A run of operators fused into one chain of a stage, and where its output goes: one consumer
 * for a straight line, several for fan-out, each a forward branch (another segment on the same
 * thread), a later stage or a sink. A stage's first segment is its tasks' chain.
 */
final class Segment {
    final List<String> operatorNames = new ArrayList<>();
    final List<OperatorFactory<?, ?>> operators = new ArrayList<>();
    /** The consumers of the segment's output, in plan order. */
    final List<Consumer> consumers = new ArrayList<>();

    void add(final String operatorName, final OperatorFactory<?, ?> factory) {
        operatorNames.add(operatorName);
        operators.add(factory);
    }

    /** @return this segment and every forward branch behind it, depth first in plan order */
    List<Segment> withBranches() {
        final List<Segment> all = new ArrayList<>();
        all.add(this);
        for (final Consumer consumer : consumers) {
            if (consumer.branch() != null) {
                all.addAll(consumer.branch().withBranches());
            }
        }
        return all;
    }

    /**
     * One consumer of a segment's output: exactly one of the fields is set.
     *
     * @param branch a forward branch fused on the same thread
     * @param keyed a later stage (keyed, union or two-input), behind rings or inline
     * @param edge the index of the edge in {@code keyed}'s inputs this segment feeds, else -1
     * @param sink a sink
     */
    record Consumer(Segment branch, Stage keyed, int edge, Sink<?> sink) {
    }
}
