package dev.trackgen.api.kernel;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Known-answer vectors of Philox4x32-10 from the Random123 distribution (kat_vectors). */
class Philox4x32Test {

    private static int[] block(int c0, int c1, int c2, int c3, int k0, int k1) {
        int[] out = new int[4];
        Philox4x32.block(c0, c1, c2, c3, k0, k1, out);
        return out;
    }

    @Test
    void zeroCounterAndKey() {
        assertArrayEquals(new int[] {0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8}, block(0, 0, 0, 0, 0, 0));
    }

    @Test
    void allOnes() {
        assertArrayEquals(new int[] {0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd},
                block(-1, -1, -1, -1, -1, -1));
    }

    @Test
    void piDigits() {
        assertArrayEquals(new int[] {0xd16cfe09, 0x94fdcceb, 0x5001e420, 0x24126ea1},
                block(0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344, 0xa4093822, 0x299f31d0));
    }

    @Test
    void wordMatchesBlock() {
        int[] b = block(7, 11, 13, 17, 19, 23);
        for (int w = 0; w < 4; w++) {
            assertEquals(b[w], Philox4x32.word(7, 11, 13, 17, 19, 23, w));
        }
    }
}
