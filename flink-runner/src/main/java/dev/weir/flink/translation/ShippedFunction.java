package dev.weir.flink.translation;

import java.io.IOException;
import java.io.ObjectOutputStream;
import java.io.OutputStream;
import java.io.Serializable;

/**
 * Checks, at translation time, that a user function can be shipped to Flink's tasks: Flink
 * serializes every function into the job, and Weir's functional interfaces are not
 * {@code Serializable}, so a plain lambda or a function holding unserializable state cannot go.
 */
final class ShippedFunction {
    private ShippedFunction() {
    }

    /**
     * @param function the user's object
     * @param step the step's index
     * @param kind the step's kind
     * @param role what the object is to the step, e.g. {@code the mapper}
     * @throws FlinkTranslationException if Java serialization cannot write it
     */
    static void require(final Object function, final int step, final String kind, final String role) {
        try (ObjectOutputStream out = new ObjectOutputStream(OutputStream.nullOutputStream())) {
            out.writeObject(function);
        } catch (final IOException notSerializable) {
            // a lambda's own class name is generated and changes between runs, so only a held value is named
            final String why = function instanceof Serializable ? "it holds a value that is not serializable: " + notSerializable.getMessage()
                    : "it is not serializable";
            throw new FlinkTranslationException(step, kind, role + " cannot be shipped to Flink's tasks: " + why
                    + "; make it a Serializable class, or cast the lambda to an intersection with Serializable, e.g. (Function<A, B> & Serializable)");
        }
    }
}
