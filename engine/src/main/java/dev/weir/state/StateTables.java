package dev.weir.state;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.ToLongFunction;

/**
 * The named states of one backend and the tables that hold their values: a state is made once
 * per name and handed back afterwards; a table exists once per name, whether its state was
 * declared or only restored so far (declaring it later finds the restored entries). Not
 * thread-safe.
 *
 * @param <T> the backend's table type
 */
public final class StateTables<T> {
    private final Function<String, T> tableFactory;
    private final Map<String, KeyedState> states = new HashMap<>();
    private final Map<String, T> tables = new HashMap<>();
    /** The same tables and their names, indexed, so that walking them allocates no iterator (metrics read per batch). */
    private final List<T> tableList = new ArrayList<>();
    private final List<String> names = new ArrayList<>();
    /** States created by their operator, as opposed to tables that only hold restored entries so far. */
    private final Set<String> declared = new HashSet<>();

    /** @param tableFactory makes the table of a state name */
    public StateTables(final Function<String, T> tableFactory) {
        this.tableFactory = tableFactory;
    }

    /**
     * @param descriptor names the state
     * @param backend the backend that makes it the first time
     * @param <S> the state type
     * @return the state of that name
     */
    @SuppressWarnings("unchecked")
    public <S extends KeyedState> S state(final StateDescriptor<S> descriptor, final KeyedStateBackend<?> backend) {
        KeyedState state = states.get(descriptor.name());
        if (state == null) {
            state = descriptor.newState(backend);
            states.put(descriptor.name(), state);
        }
        return (S) state;
    }

    /**
     * @param name a state being created by its operator
     * @return its table
     * @throws IllegalStateException if the name was declared already
     */
    public T declare(final String name) {
        if (!declared.add(name)) {
            throw new IllegalStateException("state '" + name + "' is declared twice");
        }
        return table(name);
    }

    /**
     * @param name a state's name
     * @return its table, made on first use
     */
    public T table(final String name) {
        T table = tables.get(name);
        if (table == null) {
            table = tableFactory.apply(name);
            tables.put(name, table);
            tableList.add(table);
            names.add(name);
        }
        return table;
    }

    /**
     * Adds up one measure over the tables, allocation-free (metrics read it after every batch).
     *
     * @param measure a table's share, e.g. its entries; pass a non-capturing method reference
     * @return the sum over every table
     */
    public long sum(final ToLongFunction<T> measure) {
        long sum = 0;
        for (int i = 0; i < tableList.size(); i++) {
            sum += measure.applyAsLong(tableList.get(i));
        }
        return sum;
    }

    /** @return the number of tables */
    public int size() {
        return tableList.size();
    }

    /**
     * @param index from 0 to {@link #size()}, in creation order
     * @return that table
     */
    public T table(final int index) {
        return tableList.get(index);
    }

    /**
     * @param index from 0 to {@link #size()}, in creation order
     * @return that table's state name
     */
    public String name(final int index) {
        return names.get(index);
    }
}
