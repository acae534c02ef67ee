package dev.weir.state;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import sun.misc.Unsafe;

/**
 * Plain classes, field by field (non-static, non-transient, superclasses included). A class
 * with no final field is read back into the reused object, so mutable accumulators cost no
 * allocation; otherwise a new instance is made without running a constructor. A class with a
 * {@code static final INSTANCE} of its own type is a singleton and reads back as it.
 */
final class FieldsSerializer implements StateSerializer<Object> {
    private static final Unsafe UNSAFE = unsafe();

    private final Class<?> type;
    private final long[] offsets;
    private final Class<?>[] fieldTypes;
    private final boolean mutable;
    private final Object singleton;

    FieldsSerializer(final Class<?> type) {
        this.type = type;
        final List<Field> fields = new ArrayList<>();
        boolean anyFinal = false;
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            for (final Field field : c.getDeclaredFields()) {
                final int modifiers = field.getModifiers();
                if (!Modifier.isStatic(modifiers) && !Modifier.isTransient(modifiers)) {
                    fields.add(field);
                    anyFinal |= Modifier.isFinal(modifiers);
                }
            }
        }
        this.offsets = new long[fields.size()];
        this.fieldTypes = new Class<?>[fields.size()];
        for (int i = 0; i < offsets.length; i++) {
            offsets[i] = UNSAFE.objectFieldOffset(fields.get(i));
            fieldTypes[i] = fields.get(i).getType();
        }
        this.mutable = !anyFinal;
        this.singleton = singletonOf(type);
    }

    @Override
    public void write(final Object value, final StateOutput out) {
        for (int i = 0; i < offsets.length; i++) {
            final long offset = offsets[i];
            final Class<?> fieldType = fieldTypes[i];
            if (fieldType == long.class) {
                out.writeLong(UNSAFE.getLong(value, offset));
            } else if (fieldType == int.class) {
                out.writeInt(UNSAFE.getInt(value, offset));
            } else if (fieldType == double.class) {
                out.writeDouble(UNSAFE.getDouble(value, offset));
            } else if (fieldType == boolean.class) {
                out.writeByte(UNSAFE.getBoolean(value, offset) ? 1 : 0);
            } else if (fieldType == float.class) {
                out.writeInt(Float.floatToRawIntBits(UNSAFE.getFloat(value, offset)));
            } else if (fieldType == short.class) {
                out.writeInt(UNSAFE.getShort(value, offset));
            } else if (fieldType == byte.class) {
                out.writeByte(UNSAFE.getByte(value, offset));
            } else if (fieldType == char.class) {
                out.writeInt(UNSAFE.getChar(value, offset));
            } else {
                StateSerializers.any().write(UNSAFE.getObject(value, offset), out);
            }
        }
    }

    @Override
    public Object read(final StateInput in, final Object reuse) {
        final Object target = singleton != null ? singleton : mutable && reuse != null ? reuse : newInstance();
        for (int i = 0; i < offsets.length; i++) {
            final long offset = offsets[i];
            final Class<?> fieldType = fieldTypes[i];
            if (fieldType == long.class) {
                UNSAFE.putLong(target, offset, in.readLong());
            } else if (fieldType == int.class) {
                UNSAFE.putInt(target, offset, in.readInt());
            } else if (fieldType == double.class) {
                UNSAFE.putDouble(target, offset, in.readDouble());
            } else if (fieldType == boolean.class) {
                UNSAFE.putBoolean(target, offset, in.readByte() != 0);
            } else if (fieldType == float.class) {
                UNSAFE.putFloat(target, offset, Float.intBitsToFloat(in.readInt()));
            } else if (fieldType == short.class) {
                UNSAFE.putShort(target, offset, (short) in.readInt());
            } else if (fieldType == byte.class) {
                UNSAFE.putByte(target, offset, in.readByte());
            } else if (fieldType == char.class) {
                UNSAFE.putChar(target, offset, (char) in.readInt());
            } else {
                UNSAFE.putObject(target, offset, StateSerializers.any().read(in, UNSAFE.getObject(target, offset)));
            }
        }
        return target;
    }

    private Object newInstance() {
        try {
            return UNSAFE.allocateInstance(type);
        } catch (final InstantiationException e) {
            throw new IllegalStateException("cannot make a " + type.getName() + " to read state into", e);
        }
    }

    private static Object singletonOf(final Class<?> type) {
        try {
            final Field field = type.getDeclaredField("INSTANCE");
            final int modifiers = field.getModifiers();
            if (Modifier.isStatic(modifiers) && Modifier.isFinal(modifiers) && field.getType() == type) {
                field.setAccessible(true);
                return field.get(null);
            }
            return null;
        } catch (final NoSuchFieldException e) {
            return null;
        } catch (final IllegalAccessException | RuntimeException e) {
            throw StateType.unsupported(type, "its INSTANCE is not accessible (" + e + ")");
        }
    }

    private static Unsafe unsafe() {
        try {
            final Field field = Unsafe.class.getDeclaredField("theUnsafe");
            field.setAccessible(true);
            return (Unsafe) field.get(null);
        } catch (final ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
