package dev.weir.state;

/**
 * Describes a {@link MapState}, as Flink's {@code MapStateDescriptor(name, keyClass, valueClass)}.
 * With {@code Long.class} (or {@code long.class}) user keys the state is a {@link LongMapState} (sorted, primitive
 * access); {@link LongMapStateDescriptor} declares that type directly. The classes choose the
 * kind of map; keys and values are written by {@link StateSerializers#any()} like every other
 * state's (register a serializer there for a type that needs its own format).
 *
 * @param <UK> the user key type
 * @param <UV> the value type
 */
public final class MapStateDescriptor<UK, UV> extends StateDescriptor<MapState<UK, UV>> {
    private static final long serialVersionUID = 1L;

    private final Class<UK> keyType;
    private final Class<UV> valueType;

    /**
     * @param name the state's name
     * @param keyType the user keys' class
     * @param valueType the values' class
     */
    public MapStateDescriptor(final String name, final Class<UK> keyType, final Class<UV> valueType) {
        super(name);
        this.keyType = java.util.Objects.requireNonNull(keyType, "keyType");
        this.valueType = java.util.Objects.requireNonNull(valueType, "valueType");
    }

    /** @return the user keys' class */
    public Class<UK> keyType() {
        return keyType;
    }

    /** @return the values' class */
    public Class<UV> valueType() {
        return valueType;
    }

    @Override
    @SuppressWarnings("unchecked")
    protected MapState<UK, UV> createIn(final KeyedStateBackend<?> backend) {
        if (keyType == Long.class || keyType == long.class) {
            return (MapState<UK, UV>) backend.createLongMapState(name());
        }
        return backend.createMapState(name());
    }
}
