package dev.weir.state;

/**
 * Describes a {@link LongMapState}: a map state with {@code Long} user keys in ascending order
 * and primitive access. The same state as a {@link MapStateDescriptor} of the same name with
 * {@code Long.class} keys.
 *
 * @param <UV> the value type
 */
public final class LongMapStateDescriptor<UV> extends StateDescriptor<LongMapState<UV>> {
    private static final long serialVersionUID = 1L;

    private final Class<UV> valueType;

    /**
     * @param name the state's name
     * @param valueType the values' class
     */
    public LongMapStateDescriptor(final String name, final Class<UV> valueType) {
        super(name);
        this.valueType = java.util.Objects.requireNonNull(valueType, "valueType");
    }

    /** @return the values' class */
    public Class<UV> valueType() {
        return valueType;
    }

    @Override
    protected LongMapState<UV> createIn(final KeyedStateBackend<?> backend) {
        return backend.createLongMapState(name());
    }
}
