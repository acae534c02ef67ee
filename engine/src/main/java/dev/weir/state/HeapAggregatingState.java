package dev.weir.state;

import java.util.Collection;

/** {@link AggregatingState} on the heap: holds the accumulator, reads its result. */
final class HeapAggregatingState<IN, ACC, OUT> implements AggregatingState<IN, OUT> {
    private final HeapStateTable table;
    private final AggregateFunction<IN, ACC, OUT> aggregateFunction;
    private Object namespace;

    HeapAggregatingState(final HeapStateTable table, final AggregateFunction<IN, ACC, OUT> aggregateFunction) {
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
        final ACC accumulator = (ACC) table.get(namespace);
        return accumulator == null ? null : aggregateFunction.getResult(accumulator);
    }

    @Override
    public void add(final IN value) {
        addToPresent(value);
    }

    @Override
    @SuppressWarnings("unchecked")
    public boolean addToPresent(final IN value) {
        final ACC accumulator = (ACC) table.get(namespace);
        if (accumulator == null) {
            table.put(namespace, aggregateFunction.add(value, aggregateFunction.createAccumulator()));
            return false;
        }
        final ACC updated = aggregateFunction.add(value, accumulator);
        if (updated != accumulator) {
            // a mutable accumulator updated in place is stored already: no second lookup, no reference store
            table.put(namespace, updated);
        }
        return true;
    }

    @Override
    @SuppressWarnings("unchecked")
    public void mergeNamespaces(final Object target, final Collection<?> sources) {
        ACC merged = null;
        for (final Object source : sources) {
            final ACC accumulator = (ACC) table.remove(source);
            if (accumulator != null) {
                merged = merged == null ? accumulator : aggregateFunction.merge(merged, accumulator);
            }
        }
        if (merged != null) {
            final ACC existing = (ACC) table.get(target);
            table.put(target, existing == null ? merged : aggregateFunction.merge(existing, merged));
        }
    }

    @Override
    public void clear() {
        table.remove(namespace);
    }
}
