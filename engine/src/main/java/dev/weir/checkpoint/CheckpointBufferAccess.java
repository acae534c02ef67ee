package dev.weir.checkpoint;

import org.agrona.concurrent.UnsafeBuffer;

/**
 * The access checkpoint files need: they are written and read through Agrona's buffers, which
 * use the JDK's internal {@code Unsafe}, so {@code java.base} must export
 * {@code jdk.internal.misc} to Agrona. Without the export the first checkpoint would fail in
 * the middle of a run with an {@code IllegalAccessError}; checking when the pipeline starts
 * turns that into one message. Stateless; thread-safe.
 */
public final class CheckpointBufferAccess {
    /** The flag that gives the access, for Agrona on the class path. */
    public static final String FLAG = "--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED";

    private CheckpointBufferAccess() {
    }

    /**
     * @param what what needs the checkpoint files, for the message (e.g. "checkpoints")
     * @throws CheckpointFlagException if this JVM does not export {@code jdk.internal.misc} to Agrona
     */
    public static void require(final String what) {
        require(what, Object.class.getModule(), UnsafeBuffer.class.getModule());
    }

    /**
     * @param what what needs the checkpoint files, for the message
     * @param javaBase the module that must export {@code jdk.internal.misc}
     * @param agrona the module Agrona's classes live in
     * @throws CheckpointFlagException if {@code javaBase} does not export it to {@code agrona}
     */
    static void require(final String what, final Module javaBase, final Module agrona) {
        if (!javaBase.isExported("jdk.internal.misc", agrona)) {
            throw new CheckpointFlagException(what + " cannot start: this JVM was started without " + FLAG
                    + ", which the checkpoint files need (Agrona's buffers use the JDK's internal Unsafe);"
                    + " add it to the java command line (docs/state.md, \"JVM flags\")", FLAG);
        }
    }
}
