package dev.weir.state;

import java.lang.reflect.Modifier;
import java.util.List;
import java.util.Map;

/** A class that state can hold: its type id and serializer. */
final class StateType {
    private final Class<?> type;
    private final int id;
    private final StateSerializer<Object> serializer;

    @SuppressWarnings("unchecked")
    private StateType(final Class<?> type, final StateSerializer<?> serializer) {
        this.type = type;
        final int hash = type.getName().hashCode();
        this.id = hash == 0 ? 1 : hash;
        this.serializer = (StateSerializer<Object>) serializer;
    }

    Class<?> type() {
        return type;
    }

    int id() {
        return id;
    }

    StateSerializer<Object> serializer() {
        return serializer;
    }

    static StateType of(final Class<?> type, final StateSerializer<?> registered) {
        return new StateType(type, registered != null ? registered : serializerFor(type));
    }

    private static StateSerializer<?> serializerFor(final Class<?> type) {
        final StateSerializer<?> builtIn = BuiltInSerializers.forType(type);
        if (builtIn != null) {
            return builtIn;
        }
        if (type.isArray()) {
            if (type.getComponentType().isPrimitive()) {
                throw unsupported(type, "arrays of " + type.getComponentType() + " other than long[], int[], double[] and byte[] are not supported");
            }
            return new ReferenceArraySerializer(type.getComponentType());
        }
        if (type.isEnum() || type.getSuperclass() != null && type.getSuperclass().isEnum()) {
            return new EnumSerializer(type.isEnum() ? type : type.getSuperclass());
        }
        if (List.class.isAssignableFrom(type)) {
            return BuiltInSerializers.LIST;
        }
        if (Map.class.isAssignableFrom(type)) {
            return BuiltInSerializers.MAP;
        }
        if (type.isRecord()) {
            return new RecordSerializer(type);
        }
        final String name = type.getName();
        if (name.startsWith("java.") || name.startsWith("javax.") || name.startsWith("jdk.") || name.startsWith("sun.")) {
            throw unsupported(type, "JDK classes other than boxed primitives, String, List and Map are not supported");
        }
        if (type.isHidden() || type.isSynthetic() || type.isAnonymousClass() || Modifier.isAbstract(type.getModifiers())) {
            throw unsupported(type, "lambdas, anonymous and abstract classes cannot be written");
        }
        return new FieldsSerializer(type);
    }

    static UnsupportedStateTypeException unsupported(final Class<?> type, final String why) {
        return new UnsupportedStateTypeException("state values of " + type.getName() + " cannot be written: " + why
                + "; use a record or a class with supported fields, or register a serializer with StateSerializers.register");
    }
}
