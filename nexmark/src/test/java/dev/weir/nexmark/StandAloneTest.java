package dev.weir.nexmark;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The generator embeds alone: its pom declares no dependency, of Weir or of any library, beside the parent's tests'. */
class StandAloneTest {
    @Test
    void thePomDeclaresNoDependency() throws IOException {
        final String pom = Files.readString(Path.of("pom.xml"));
        assertTrue(pom.contains("<artifactId>weir-nexmark</artifactId>"), "the module's own pom was read");
        assertFalse(pom.contains("<dependency>"), pom);
    }
}
