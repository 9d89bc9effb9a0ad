int = = ;
{{{ garbage
