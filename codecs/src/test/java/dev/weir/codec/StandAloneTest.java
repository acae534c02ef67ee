package dev.weir.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The codecs embed without the engine: no main source file names a Weir type outside {@code dev.weir.codec}, by
 * import or by a qualified name in code (comments aside), and the pom depends on no other Weir module.
 */
class StandAloneTest {
    private static final Pattern WEIR_NAME = Pattern.compile("\\bdev\\.weir\\.([a-z]\\w*)");
    private static final Pattern COMMENT = Pattern.compile("/\\*.*?\\*/|//[^\\n]*", Pattern.DOTALL);

    /** @return each name of a Weir package outside the codecs in the code of one file, as {@code FILE: dev.weir.X} */
    static List<String> outsideNames(final String file, final String source) {
        final List<String> found = new ArrayList<>();
        final Matcher name = WEIR_NAME.matcher(COMMENT.matcher(source).replaceAll(" "));
        while (name.find()) {
            if (!name.group(1).equals("codec")) {
                found.add(file + ": dev.weir." + name.group(1));
            }
        }
        return found;
    }

    @Test
    void theScanFindsImportsAndQualifiedNamesButNotComments() {
        final String source = "package dev.weir.codec.x;\nimport dev.weir.codec.itch.Alpha;\nimport dev.weir.api.DataStream;\n"
                + "/** {@link dev.weir.pipelines.replay.Payload} */\nclass X { Object o = new dev.weir.time.Clock(); } // dev.weir.state\n";
        assertEquals(List.of("X.java: dev.weir.api", "X.java: dev.weir.time"), outsideNames("X.java", source));
    }

    @Test
    void mainCodeNamesNothingOfWeirOutsideTheCodecs() throws IOException {
        final List<String> found = new ArrayList<>();
        int files = 0;
        try (Stream<Path> sources = Files.walk(Path.of("src", "main", "java"))) {
            for (final Path file : sources.filter(path -> path.toString().endsWith(".java")).sorted().toList()) {
                files++;
                found.addAll(outsideNames(file.toString(), Files.readString(file)));
            }
        }
        assertEquals(List.of(), found);
        assertTrue(files > 50, "the main sources were found: " + files + " files");
    }

    @Test
    void thePomDependsOnNoOtherWeirModule() throws IOException {
        final String pom = Files.readString(Path.of("pom.xml"));
        final String dependencies = pom.substring(pom.indexOf("<dependencies>"), pom.indexOf("</dependencies>"));
        assertFalse(dependencies.contains("<groupId>dev.weir</groupId>"), dependencies);
    }
}
