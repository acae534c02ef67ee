package dev.weir.offheap;

import dev.weir.state.AggregateFunction;
import dev.weir.state.AggregatingState;
import java.util.Collection;

/**
 * {@link AggregatingState} on a {@link ChronicleStateTable}: the accumulator of a cached entry
 * is updated in place with no map access; merging follows the heap backend's order.
 */
final class ChronicleAggregatingState<IN, ACC, OUT> implements AggregatingState<IN, OUT> {
    private final ChronicleStateTable table;
    private final AggregateFunction<IN, ACC, OUT> aggregateFunction;
    private Object namespace;

    ChronicleAggregatingState(final ChronicleStateTable table, final AggregateFunction<IN, ACC, OUT> aggregateFunction) {
        this.table = table;
        this.aggregateFunction = aggregateFunction;
    }

    @Override
    public void setNamespace(final Object namespace) {
        this.namespace = namespace;
    }

    @Override
    @SuppressWarnings("unchecked")
    public OUT get() {
        final int slot = table.slot(namespace);
        return slot < 0 ? null : aggregateFunction.getResult((ACC) table.handOut(slot));
    }

    @Override
    public void add(final IN value) {
        addToPresent(value);
    }

    @Override
    @SuppressWarnings("unchecked")
    public boolean addToPresent(final IN value) {
        final int slot = table.slot(namespace);
        if (slot < 0) {
            final ACC created = aggregateFunction.createAccumulator();
            final ACC accumulator = aggregateFunction.add(value, created);
            table.insert(namespace, accumulator, accumulator == created);
            return false;
        }
        final ACC accumulator = (ACC) table.valueForUpdate(slot);
        final ACC updated = aggregateFunction.add(value, accumulator);
        if (updated != accumulator) {
            table.replace(slot, updated, false);
        }
        return true;
    }

    @Override
    @SuppressWarnings("unchecked")
    public void mergeNamespaces(final Object target, final Collection<?> sources) {
        ACC merged = null;
        for (final Object source : sources) {
            final ACC accumulator = (ACC) table.remove(source, true);
            if (accumulator != null) {
                merged = merged == null ? accumulator : aggregateFunction.merge(merged, accumulator);
            }
        }
        if (merged != null) {
            final int slot = table.slot(target);
            if (slot >= 0) {
                table.replace(slot, aggregateFunction.merge((ACC) table.valueForUpdate(slot), merged), false);
            } else {
                table.insert(target, merged, false);
            }
        }
    }

    @Override
    public void clear() {
        table.remove(namespace, false);
    }
}
