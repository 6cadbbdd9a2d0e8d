/* layer_check.c - the empty program each layer library is linked into,
 * whole, with only the layers it declares (meson.build): a reference to a
 * function of a higher layer fails that link. */
int main(void)
{
    return 0;
}
