package dev.weir.offheap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A flag is read as written on the command line and is in effect only when this JVM was
 * started with it (the test JVM gets {@code weir.jvm.flags} from surefire, nothing more).
 */
class JvmFlagTest {
    private static final Module UNNAMED = JvmFlagTest.class.getModule();
    private static final ModuleLayer BOOT = ModuleLayer.boot();

    @ParameterizedTest
    @ValueSource(strings = {
        "--add-opens=java.base/java.lang=ALL-UNNAMED",
        "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED",
        "--add-exports=java.base/sun.nio.ch=ALL-UNNAMED",
        "--add-exports=jdk.compiler/com.sun.tools.javac.file=ALL-UNNAMED",
        "-Dchronicle.analytics.disable=true"})
    void flagsTheTestJvmWasStartedWithAreInEffect(final String text) {
        final JvmFlag flag = JvmFlag.parse(text);
        assertEquals(text, flag.text());
        assertTrue(flag.isInEffect(BOOT, UNNAMED), text);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        // packages nobody opened or exported to the class path
        "--add-opens=java.base/java.util=ALL-UNNAMED",
        "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
        "--add-exports=java.base/sun.security.x509=ALL-UNNAMED",
        "--add-exports=jdk.compiler/com.sun.tools.javac.code=ALL-UNNAMED",
        // a module this runtime does not have
        "--add-exports=jdk.no.such.module/a.b=ALL-UNNAMED",
        // properties unset or set to another value
        "-Dweir.test.never.set=true",
        "-Dchronicle.analytics.disable=false"})
    void flagsTheTestJvmWasNotStartedWithAreNotInEffect(final String text) {
        assertFalse(JvmFlag.parse(text).isInEffect(BOOT, UNNAMED), text);
    }

    @Test
    void namesTheModuleOfAnOpenOrExportAndNoneForAProperty() {
        assertEquals("java.base", JvmFlag.parse("--add-opens=java.base/java.lang=ALL-UNNAMED").moduleName());
        assertEquals("jdk.compiler", JvmFlag.parse("--add-exports=jdk.compiler/com.sun.tools.javac.file=ALL-UNNAMED").moduleName());
        assertNull(JvmFlag.parse("-Dchronicle.announcer.disable=true").moduleName());
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "--add-opens=java.base/java.lang=some.module",
        "--add-opens=java.base=ALL-UNNAMED",
        "--add-exports=/sun.nio.ch=ALL-UNNAMED",
        "--add-exports=java.base/=ALL-UNNAMED",
        "--add-reads=java.base=ALL-UNNAMED",
        "-Dno.value",
        "-D=true",
        "-Xmx1g"})
    void rejectsFormsItCannotCheck(final String text) {
        final IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> JvmFlag.parse(text));
        assertEquals("unsupported JVM flag '" + text + "' (expected --add-opens=MODULE/PACKAGE=ALL-UNNAMED, "
                + "--add-exports=MODULE/PACKAGE=ALL-UNNAMED or -DNAME=VALUE)", error.getMessage());
    }
}
