import type { ThemeOptions } from '@mui/material/styles';

/**
 * The words MUI's own components write (a close button's name, an autocomplete's "No options",
 * the back office's table pager) in Armenian, for the MUI theme of an Armenian page (decision 205). MUI's own
 * `hyAM` locale leaves most of them in English, so they are written here.
 */
export const muiArmenian: ThemeOptions = {
  components: {
    MuiAlert: { defaultProps: { closeText: 'Փակել' } },
    MuiAutocomplete: {
      defaultProps: {
        clearText: 'Մաքրել',
        closeText: 'Փակել',
        loadingText: 'Բեռնվում է…',
        noOptionsText: 'Տարբերակներ չկան',
        openText: 'Բացել',
      },
    },
    MuiTablePagination: {
      defaultProps: {
        labelRowsPerPage: 'Տողեր մեկ էջում՝',
        labelDisplayedRows: ({ from, to, count }) => `${from}–${to}՝ ${count !== -1 ? count : `ավելի քան ${to}`}-ից`,
        getItemAriaLabel: (type) => ({ first: 'Առաջին էջ', last: 'Վերջին էջ', next: 'Հաջորդ էջ', previous: 'Նախորդ էջ' })[type],
      },
    },
  },
};
