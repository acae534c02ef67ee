package dev.weir.checkpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

/**
 * Checkpoint files need {@code java.base} to export {@code jdk.internal.misc} to Agrona: the
 * check passes in this JVM (started with Weir's flags) and names the flag where the export is
 * missing.
 */
final class CheckpointBufferAccessTest {
    @Test
    void thisJvmExportsWhatCheckpointFilesNeed() {
        CheckpointBufferAccess.require("checkpoints");
    }

    @Test
    void aModuleWithoutTheExportIsRefusedNamingTheFlag() {
        // java.sql has no package jdk.internal.misc, so it exports it to nobody: a JVM without the flag
        final Module withoutExport = ModuleLayer.boot().findModule("java.sql").orElseThrow();
        final CheckpointFlagException error = assertThrows(CheckpointFlagException.class,
                () -> CheckpointBufferAccess.require("the restore", withoutExport, UnsafeBuffer.class.getModule()));
        assertEquals("--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED", error.flag());
        assertEquals("the restore cannot start: this JVM was started without --add-exports=java.base/jdk.internal.misc=ALL-UNNAMED,"
                + " which the checkpoint files need (Agrona's buffers use the JDK's internal Unsafe);"
                + " add it to the java command line (docs/state.md, \"JVM flags\")", error.getMessage());
    }
}
