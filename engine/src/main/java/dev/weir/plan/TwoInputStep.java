package dev.weir.plan;

import dev.weir.operator.KeySelector;
import dev.weir.operator.TwoInputOperatorFactory;
import java.util.List;
import java.util.Objects;

/**
 * {@code ConnectedStreams.transform} (and what is built on it: interval joins, co-process and
 * broadcast functions): a two-input operator in a stage of its own. Input 1 and input 2 are read
 * over one edge each, {@link EdgeKind#KEY_PARTITIONED} (by {@code key1}/{@code key2}),
 * {@link EdgeKind#FORWARD} (instance to instance when the parallelisms match, round-robin
 * otherwise) or {@link EdgeKind#BROADCAST} (every record to every instance). A key-partitioned
 * edge may read a {@link KeyByStep}: the records are then partitioned from that step's input by
 * the key given here. Immutable.
 *
 * @param inputs the edge of input 1, then the edge of input 2
 * @param name the operator's name
 * @param operator makes the operator of each instance
 * @param key1 the key of input 1's records for a key-partitioned edge, else null
 * @param key2 the key of input 2's records for a key-partitioned edge, else null
 * @param parallelism the stage's instances, or 0 for the parallelism of the stage input 1 comes from
 * @param description what the operator does, for another runtime's translation (e.g.
 *     {@code interval join [-5, 5]}), or null for an operator known only by its factory
 *     (an operator that is a {@link TwoInputFunction} is known by {@link #function()} too)
 */
public record TwoInputStep(List<PlanEdge> inputs, String name, TwoInputOperatorFactory<?, ?, ?> operator, KeySelector<?, ?> key1,
        KeySelector<?, ?> key2, int parallelism, String description) implements PlanStep {
    /** Copies the edges and checks them against the keys. */
    public TwoInputStep {
        inputs = List.copyOf(inputs);
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(operator, "operator");
        if (inputs.size() != 2) {
            throw new IllegalArgumentException("two-input step '" + name + "' reads two edges, not " + inputs.size());
        }
        for (int input = 1; input <= 2; input++) {
            final EdgeKind kind = inputs.get(input - 1).kind();
            final boolean keyed = (input == 1 ? key1 : key2) != null;
            if (kind == EdgeKind.UNION || keyed != (kind == EdgeKind.KEY_PARTITIONED)) {
                throw new IllegalArgumentException("two-input step '" + name + "': input " + input + " reads a " + kind + " edge "
                        + (keyed ? "with" : "without") + " a key selector");
            }
        }
        if (parallelism < 0) {
            throw new IllegalArgumentException("two-input step '" + name + "': parallelism must not be negative: " + parallelism);
        }
    }

    /**
     * @param input 1 or 2
     * @return that input's edge
     */
    public PlanEdge input(final int input) {
        return inputs.get(input - 1);
    }

    /** @return true when both inputs are key-partitioned */
    public boolean keyed() {
        return key1 != null && key2 != null;
    }

    /**
     * @return the operator as a user function of a known kind, when it was given as a
     *     {@link TwoInputFunction}; null for an operator known only by its factory
     */
    public TwoInputFunction function() {
        return operator instanceof TwoInputFunction ? (TwoInputFunction) operator : null;
    }

    /** @return true when the operator has a description or a {@link #function()} another runtime may translate */
    @Override
    public boolean translatable() {
        return description != null || function() != null;
    }
}
