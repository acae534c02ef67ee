package dev.weir.state;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.agrona.collections.Int2ObjectHashMap;

/**
 * The serializers of state values, keys and namespaces. {@link #any()} writes any supported
 * value with a 4-byte type id in front, so states need not declare their types: boxed
 * primitives, strings, arrays and lists of supported values, records, and classes whose
 * fields are supported (read back into a reused object of the same class where it has no
 * final fields, so in-place accumulators cost no allocation). Register a serializer for a
 * type that needs its own format with {@link #register}, before pipelines start.
 * Thread-safe.
 */
public final class StateSerializers {
    /** Copied on change (rare), so that reads by id neither lock nor box. */
    private static volatile Int2ObjectHashMap<Class<?>> typesById = new Int2ObjectHashMap<>();
    private static final Map<Class<?>, StateSerializer<?>> REGISTERED = new ConcurrentHashMap<>();
    private static final ClassValue<StateType> TYPES = new ClassValue<>() {
        @Override
        protected StateType computeValue(final Class<?> type) {
            final StateType stateType = StateType.of(type, REGISTERED.get(type));
            remember(stateType);
            return stateType;
        }
    };
    private static final AnySerializer ANY = new AnySerializer();

    private StateSerializers() {
    }

    /** @return the serializer of any supported value, null included */
    public static StateSerializer<Object> any() {
        return ANY;
    }

    /**
     * @param type the class the serializer writes exactly (not its subclasses)
     * @param serializer its format
     * @param <T> the type
     * @throws IllegalStateException if {@code type} was written before with another serializer
     */
    public static <T> void register(final Class<T> type, final StateSerializer<T> serializer) {
        if (REGISTERED.putIfAbsent(type, serializer) != null && REGISTERED.get(type) != serializer) {
            throw new IllegalStateException("a serializer for " + type.getName() + " is registered already");
        }
    }

    /**
     * @param type a class
     * @return its type id, as written before each value by {@link #any()}
     * @throws UnsupportedStateTypeException if values of the class cannot be written
     */
    public static int typeId(final Class<?> type) {
        return typeOf(type).id();
    }

    /**
     * Makes a class known by name, e.g. from a snapshot's type table, so that values written
     * with its id in another JVM can be read.
     *
     * @param className the class's binary name
     * @return its type id
     * @throws UnsupportedStateTypeException if the class cannot be loaded or written
     */
    public static int learn(final String className) {
        try {
            return typeId(Class.forName(className, false, Thread.currentThread().getContextClassLoader() == null
                    ? StateSerializers.class.getClassLoader() : Thread.currentThread().getContextClassLoader()));
        } catch (final ClassNotFoundException e) {
            throw new UnsupportedStateTypeException("state type " + className + " is not on the class path", e);
        }
    }

    /**
     * @param typeId a type id read from state bytes
     * @return the class with that id
     * @throws UnsupportedStateTypeException if no known class has the id
     */
    public static Class<?> typeOf(final int typeId) {
        final Class<?> type = typesById.get(typeId);
        if (type == null) {
            throw new UnsupportedStateTypeException("unknown state type id " + typeId
                    + ": the class was never written in this JVM nor learned from a snapshot's type table");
        }
        return type;
    }

    /**
     * The classes with an id so far, for a snapshot's type table: every id {@link #any()} wrote
     * in this JVM is among them.
     *
     * @return type id to binary class name, a copy
     */
    public static Map<Integer, String> knownTypes() {
        final Map<Integer, String> names = new TreeMap<>();
        typesById.forEach((id, type) -> names.put(id, type.getName()));
        return names;
    }

    static StateType typeOf(final Class<?> type) {
        return TYPES.get(type);
    }

    private static synchronized void remember(final StateType stateType) {
        final Class<?> known = typesById.get(stateType.id());
        if (known != null && known != stateType.type()) {
            throw new UnsupportedStateTypeException("state types " + known.getName() + " and " + stateType.type().getName()
                    + " have the same type id " + stateType.id() + "; rename one of them");
        }
        final Int2ObjectHashMap<Class<?>> copy = new Int2ObjectHashMap<>(typesById);
        copy.put(stateType.id(), stateType.type());
        typesById = copy;
    }

    static StateType typeById(final int typeId) {
        return typeOf(typeOf(typeId));
    }
}
