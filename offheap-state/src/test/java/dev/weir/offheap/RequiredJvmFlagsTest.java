package dev.weir.offheap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The list comes from the parent pom's {@code weir.jvm.flags} (surefire passes the property on
 * to compare), the test JVM has them all, and a JVM without some gets one message naming each.
 */
class RequiredJvmFlagsTest {
    private static final Module UNNAMED = RequiredJvmFlagsTest.class.getModule();
    private static final String SECTION = " (docs/state.md, \"When the flags are missing\") or use the heap state backend";

    @Test
    void theListIsThePomsWeirJvmFlags() {
        final List<String> texts = new ArrayList<>();
        for (final JvmFlag flag : RequiredJvmFlags.load().flags()) {
            texts.add(flag.text());
        }
        assertEquals(List.of(System.getProperty("weir.jvm.flags").trim().split("\\s+")), texts);
        assertEquals(8, texts.size());
    }

    @Test
    void theTestJvmHasEveryFlag() {
        RequiredJvmFlags.load().check();
    }

    @Test
    void namesEveryMissingFlagInCommandLineOrder() {
        final RequiredJvmFlags flags = flags(
                "--add-opens=java.base/java.lang=ALL-UNNAMED",
                "--add-opens=java.base/java.util=ALL-UNNAMED",
                "-Dweir.test.never.set=true",
                "--add-exports=java.base/sun.security.x509=ALL-UNNAMED",
                "-Dchronicle.announcer.disable=true");
        final MissingJvmFlagsException error = assertThrows(MissingJvmFlagsException.class,
                () -> flags.check(ModuleLayer.boot(), UNNAMED, "/opt/jdk"));
        assertEquals("off-heap state cannot start: this JVM was started without --add-opens=java.base/java.util=ALL-UNNAMED "
                + "-Dweir.test.never.set=true --add-exports=java.base/sun.security.x509=ALL-UNNAMED; "
                + "add them to the java command line" + SECTION, error.getMessage());
        assertEquals(List.of("--add-opens=java.base/java.util=ALL-UNNAMED", "-Dweir.test.never.set=true",
                "--add-exports=java.base/sun.security.x509=ALL-UNNAMED"), error.missingFlags());
        assertEquals(List.of(), error.absentModules());
    }

    @Test
    void anAbsentModuleAsksForAFullJdkInsteadOfItsFlags() {
        final RequiredJvmFlags flags = flags(
                "--add-exports=jdk.no.such.module/a.b=ALL-UNNAMED",
                "--add-opens=jdk.no.such.module/a.c=ALL-UNNAMED",
                "--add-opens=java.base/java.lang=ALL-UNNAMED");
        final MissingJvmFlagsException error = assertThrows(MissingJvmFlagsException.class,
                () -> flags.check(ModuleLayer.boot(), UNNAMED, "/opt/jre"));
        assertEquals("off-heap state cannot start: the Java runtime at /opt/jre has no module jdk.no.such.module "
                + "(Chronicle Map needs a full JDK); run on a full JDK" + SECTION, error.getMessage());
        assertEquals(List.of(), error.missingFlags());
        assertEquals(List.of("jdk.no.such.module"), error.absentModules());
    }

    @Test
    void missingFlagsAndAbsentModulesAreNamedTogether() {
        final RequiredJvmFlags flags = flags(
                "--add-exports=jdk.no.such.module/a.b=ALL-UNNAMED",
                "-Dweir.test.never.set=yes",
                "--add-exports=jdk.other.absent/a.b=ALL-UNNAMED");
        final MissingJvmFlagsException error = assertThrows(MissingJvmFlagsException.class,
                () -> flags.check(ModuleLayer.boot(), UNNAMED, "/opt/jre"));
        assertEquals("off-heap state cannot start: this JVM was started without -Dweir.test.never.set=yes, "
                + "and the Java runtime at /opt/jre has no modules jdk.no.such.module, jdk.other.absent "
                + "(Chronicle Map needs a full JDK); add the flags and run on a full JDK" + SECTION, error.getMessage());
    }

    private static RequiredJvmFlags flags(final String... texts) {
        final List<JvmFlag> flags = new ArrayList<>();
        for (final String text : texts) {
            flags.add(JvmFlag.parse(text));
        }
        return new RequiredJvmFlags(flags);
    }
}
