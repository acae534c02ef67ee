package dev.weir.state;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Serializers of the JDK types state commonly holds. */
final class BuiltInSerializers {
    static final StateSerializer<Long> LONG = new StateSerializer<>() {
        @Override
        public void write(final Long value, final StateOutput out) {
            out.writeLong(value);
        }

        @Override
        public Long read(final StateInput in, final Long reuse) {
            final long value = in.readLong();
            return reuse != null && reuse == value ? reuse : Long.valueOf(value);
        }
    };
    static final StateSerializer<Integer> INTEGER = new StateSerializer<>() {
        @Override
        public void write(final Integer value, final StateOutput out) {
            out.writeInt(value);
        }

        @Override
        public Integer read(final StateInput in, final Integer reuse) {
            final int value = in.readInt();
            return reuse != null && reuse == value ? reuse : Integer.valueOf(value);
        }
    };
    static final StateSerializer<Double> DOUBLE = new StateSerializer<>() {
        @Override
        public void write(final Double value, final StateOutput out) {
            out.writeDouble(value);
        }

        @Override
        public Double read(final StateInput in, final Double reuse) {
            return in.readDouble();
        }
    };
    static final StateSerializer<String> STRING = new StateSerializer<>() {
        @Override
        public void write(final String value, final StateOutput out) {
            out.writeString(value);
        }

        @Override
        public String read(final StateInput in, final String reuse) {
            return in.readString(reuse);
        }
    };
    static final StateSerializer<Boolean> BOOLEAN = primitive(
            (value, out) -> out.writeByte(value ? 1 : 0), in -> in.readByte() != 0);
    static final StateSerializer<Float> FLOAT = primitive(
            (value, out) -> out.writeInt(Float.floatToRawIntBits(value)), in -> Float.intBitsToFloat(in.readInt()));
    static final StateSerializer<Short> SHORT = primitive(
            (value, out) -> out.writeInt(value), in -> (short) in.readInt());
    static final StateSerializer<Byte> BYTE = primitive(
            (value, out) -> out.writeByte(value), StateInput::readByte);
    static final StateSerializer<Character> CHARACTER = primitive(
            (value, out) -> out.writeInt(value), in -> (char) in.readInt());
    static final StateSerializer<long[]> LONG_ARRAY = primitive((value, out) -> {
        out.writeInt(value.length);
        for (final long element : value) {
            out.writeLong(element);
        }
    }, in -> {
        final long[] value = new long[in.readInt()];
        for (int i = 0; i < value.length; i++) {
            value[i] = in.readLong();
        }
        return value;
    });
    static final StateSerializer<int[]> INT_ARRAY = primitive((value, out) -> {
        out.writeInt(value.length);
        for (final int element : value) {
            out.writeInt(element);
        }
    }, in -> {
        final int[] value = new int[in.readInt()];
        for (int i = 0; i < value.length; i++) {
            value[i] = in.readInt();
        }
        return value;
    });
    static final StateSerializer<double[]> DOUBLE_ARRAY = primitive((value, out) -> {
        out.writeInt(value.length);
        for (final double element : value) {
            out.writeDouble(element);
        }
    }, in -> {
        final double[] value = new double[in.readInt()];
        for (int i = 0; i < value.length; i++) {
            value[i] = in.readDouble();
        }
        return value;
    });
    static final StateSerializer<byte[]> BYTE_ARRAY = primitive((value, out) -> {
        out.writeInt(value.length);
        for (final byte element : value) {
            out.writeByte(element);
        }
    }, in -> {
        final byte[] value = new byte[in.readInt()];
        for (int i = 0; i < value.length; i++) {
            value[i] = in.readByte();
        }
        return value;
    });
    /** Any list, read back as an {@link ArrayList} (the reused one, cleared, when given). */
    static final StateSerializer<List<Object>> LIST = new StateSerializer<>() {
        @Override
        public void write(final List<Object> value, final StateOutput out) {
            final int size = value.size();
            out.writeInt(size);
            for (int i = 0; i < size; i++) {
                StateSerializers.any().write(value.get(i), out);
            }
        }

        @Override
        public List<Object> read(final StateInput in, final List<Object> reuse) {
            final int size = in.readInt();
            final List<Object> list = reuse instanceof ArrayList ? reuse : new ArrayList<>(size);
            list.clear();
            for (int i = 0; i < size; i++) {
                list.add(StateSerializers.any().read(in, null));
            }
            return list;
        }
    };
    /** Any map, read back as a {@link LinkedHashMap} keeping the written order. */
    static final StateSerializer<Map<Object, Object>> MAP = new StateSerializer<>() {
        @Override
        public void write(final Map<Object, Object> value, final StateOutput out) {
            out.writeInt(value.size());
            for (final Map.Entry<Object, Object> entry : value.entrySet()) {
                StateSerializers.any().write(entry.getKey(), out);
                StateSerializers.any().write(entry.getValue(), out);
            }
        }

        @Override
        public Map<Object, Object> read(final StateInput in, final Map<Object, Object> reuse) {
            final int size = in.readInt();
            final Map<Object, Object> map = reuse instanceof HashMap ? reuse : new LinkedHashMap<>();
            map.clear();
            for (int i = 0; i < size; i++) {
                final Object key = StateSerializers.any().read(in, null);
                map.put(key, StateSerializers.any().read(in, null));
            }
            return map;
        }
    };

    /**
     * The user map of a {@link LongMapState} entry: a layout byte ({@link #SORTED_LONG_MAP_LAYOUT}),
     * the entry count, then per entry in ascending key order the key (8 bytes) and the value
     * with its type id. Read back into the reused map, cleared, when given (values are new).
     */
    static final StateSerializer<SortedLongMap<Object>> SORTED_LONG_MAP = new StateSerializer<>() {
        @Override
        public void write(final SortedLongMap<Object> value, final StateOutput out) {
            final int size = value.size();
            out.writeByte(SORTED_LONG_MAP_LAYOUT);
            out.writeInt(size);
            for (int i = 0; i < size; i++) {
                out.writeLong(value.keyAt(i));
                StateSerializers.any().write(value.valueAt(i), out);
            }
        }

        @Override
        public SortedLongMap<Object> read(final StateInput in, final SortedLongMap<Object> reuse) {
            final byte layout = in.readByte();
            if (layout != SORTED_LONG_MAP_LAYOUT) {
                throw new UnsupportedStateTypeException("a map state with Long keys is written in layout " + layout
                        + ", this version of Weir reads layout " + SORTED_LONG_MAP_LAYOUT + " only");
            }
            final int size = in.readInt();
            final SortedLongMap<Object> map = reuse != null ? reuse : new SortedLongMap<>(Math.max(size, 8));
            map.clear();
            for (int i = 0; i < size; i++) {
                final long key = in.readLong();
                map.put(key, StateSerializers.any().read(in, null));
            }
            return map;
        }
    };
    /** The layout {@link #SORTED_LONG_MAP} writes; a reader refuses others by name. */
    static final byte SORTED_LONG_MAP_LAYOUT = 1;

    private BuiltInSerializers() {
    }

    static StateSerializer<?> forType(final Class<?> type) {
        if (type == Long.class) {
            return LONG;
        } else if (type == Integer.class) {
            return INTEGER;
        } else if (type == Double.class) {
            return DOUBLE;
        } else if (type == String.class) {
            return STRING;
        } else if (type == Boolean.class) {
            return BOOLEAN;
        } else if (type == Float.class) {
            return FLOAT;
        } else if (type == Short.class) {
            return SHORT;
        } else if (type == Byte.class) {
            return BYTE;
        } else if (type == Character.class) {
            return CHARACTER;
        } else if (type == long[].class) {
            return LONG_ARRAY;
        } else if (type == int[].class) {
            return INT_ARRAY;
        } else if (type == double[].class) {
            return DOUBLE_ARRAY;
        } else if (type == byte[].class) {
            return BYTE_ARRAY;
        } else if (type == SortedLongMap.class) {
            return SORTED_LONG_MAP;
        }
        return null;
    }

    private static <T> StateSerializer<T> primitive(final Writer<T> writer, final Reader<T> reader) {
        return new StateSerializer<>() {
            @Override
            public void write(final T value, final StateOutput out) {
                writer.write(value, out);
            }

            @Override
            public T read(final StateInput in, final T reuse) {
                return reader.read(in);
            }
        };
    }

    @FunctionalInterface
    private interface Writer<T> {
        void write(T value, StateOutput out);
    }

    @FunctionalInterface
    private interface Reader<T> {
        T read(StateInput in);
    }
}
